import Observation
import Signals
import SignalsObservation
import SignalsTesting
import Testing

/// A thread-safe flag an Observation `onChange` (a `@Sendable` closure) can set.
private final class ChangeFlag: @unchecked Sendable {
    // Only touched on the main actor in these tests; `@unchecked` because onChange is @Sendable.
    var isSet = false
}

// Observation and SignalsObservation need macOS 14 / iOS 17; `swift test` runs from macOS 13.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
final class SearchModel {
    var query = ""
    var scope = 0
}

/// The Observation bridge, tested headlessly with `withObservationTracking`. Each test needs
/// macOS 14 / iOS 17 (Observation); Swift Testing takes `@available` on test functions, not on
/// suites, and skips them on older systems (`swift test` runs from macOS 13).
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ObservationBridgeTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observedValueStartsWithTheReplayedCurrentValueOfAProperty() {
        let isLoading = Property(true)
        let holder = ObservedValue(isLoading, initial: false)
        #expect(holder.value == true)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observedValueUpdatesAndNotifiesObservationTracking() {
        let names = Subject<String>()
        let holder = names.observed(initial: "")
        let flag = ChangeFlag()
        let read = withObservationTracking {
            holder.value
        } onChange: {
            flag.isSet = true
        }
        #expect(read == "")
        #expect(!flag.isSet)
        names.send("ada")
        #expect(flag.isSet)
        #expect(holder.value == "ada")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observedValueKeepsItsLastValueAfterCancel() {
        let names = Subject<String>()
        let holder = ObservedValue(names, initial: "")
        names.send("ada")
        holder.cancel()
        names.send("grace")
        #expect(holder.value == "ada")
        #expect(names.bindingCount == 0)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func releasingTheHolderEndsItsBinding() {
        let names = Subject<String>()
        var holder: ObservedValue<String>? = ObservedValue(names, initial: "")
        weak let weakHolder = holder
        #expect(names.bindingCount == 1)
        holder = nil
        #expect(weakHolder == nil)
        #expect(names.bindingCount == 0)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test(.timeLimit(.minutes(1))) func observingAKeyPathDeliversTheCurrentValueThenEachChange() async {
        let model = SearchModel()
        model.query = "a"
        var values: [String] = []
        var token: Cancellable?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            token = Observable.observing(model, \.query).bind { query in
                values.append(query)
                // The next change comes in a later main-actor turn, once this one has arrived.
                if query == "b" { Task { @MainActor in model.query = "c" } }
                if query == "c" { continuation.resume() }
            }
            #expect(values == ["a"])
            model.query = "b"
        }
        withExtendedLifetime(token) {}
        #expect(values == ["a", "b", "c"])
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func changesInOneMainActorTurnArriveAsTheLatestValue() async {
        let model = SearchModel()
        var values: [Int] = []
        var token: Cancellable?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            token = Observable.observing(model, \.scope).bind { scope in
                values.append(scope)
                if scope == 3 { continuation.resume() }
            }
            model.scope = 1
            model.scope = 2
            model.scope = 3
        }
        withExtendedLifetime(token) {}
        #expect(values == [0, 3])
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aCancelledKeyPathBindingDeliversNothingMore() async {
        let model = SearchModel()
        let recorder = Recorder(Observable.observing(model, \.query))
        recorder.cancel()
        model.query = "late"
        // Let the main-actor task that would read the change run.
        await Task.yield()
        await Task { @MainActor in }.value
        #expect(recorder.values == [""])
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test(.timeLimit(.minutes(1))) func aTestAwaitsAnObservedChangeWithoutYielding() async {
        let model = SearchModel()
        let queries = Recorder(Observable.observing(model, \.query))
        model.query = "swift"
        #expect(await queries.waitForNextValue() == "swift")
        model.query = "swiftui"
        model.query = "signals"
        await queries.waitForValues(count: 3)
        #expect(queries.values == ["", "swift", "signals"])
        queries.cancel()
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func keyPathValuesFeedOperatorsAndOutputs() async {
        let model = SearchModel()
        let holder = Observable.observing(model, \.query)
            .map { $0.uppercased() }
            .observed(initial: "")
        #expect(holder.value == "")
        model.query = "swift"
        await Task { @MainActor in }.value
        #expect(holder.value == "SWIFT")
    }
}
