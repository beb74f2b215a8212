import Observation
import Signals
import SignalsObservation
import SignalsTesting
import Testing

/// Counts the Observation `onChange` calls it is given (a `@Sendable` closure sets it).
private final class ChangeCount: @unchecked Sendable {
    // Only touched on the main actor in these tests; `@unchecked` because onChange is @Sendable.
    var count = 0
}

/// Tracks `holder.value` once, as a SwiftUI body does, and counts the change that ends it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private func track<Value>(_ holder: ObservedProperty<Value>) -> ChangeCount {
    let changes = ChangeCount()
    _ = withObservationTracking { holder.value } onChange: { changes.count += 1 }
    return changes
}

/// `ObservedProperty`: one `@Observable` object that a SwiftUI view both reads (re-rendering on
/// change) and writes (a `TextField`), over a view model's `Property`.
@MainActor
@Suite struct ObservedPropertyTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func itsValueIsThePropertysValue() {
        let name = Property("ada")
        let holder = ObservedProperty(name)
        #expect(holder.value == "ada")
        name.value = "grace"
        #expect(holder.value == "grace")
        #expect(holder.property === name)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aWriteThroughTheHolderReachesThePropertysBindings() {
        let name = Property("")
        let seen = Recorder(name)                    // the view model's pipeline
        let holder = name.observed()
        holder.value = "ada"
        holder.value = "ada lovelace"
        #expect(seen.values == ["", "ada", "ada lovelace"])
        #expect(name.value == "ada lovelace")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aWriteThroughTheHolderNotifiesItsReaders() {
        let holder = ObservedProperty(Property(""))
        let changes = track(holder)
        holder.value = "ada"
        #expect(changes.count == 1)
        #expect(holder.value == "ada")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aChangeTheViewModelMakesNotifiesTheHoldersReaders() {
        let typed = Subject<String>()                 // an input of the view model
        let name = Property("")
        let feed = typed.map { $0.capitalized }.bind(to: name)
        let holder = ObservedProperty(name)
        let changes = track(holder)
        typed.send("ada")
        #expect(changes.count == 1)
        #expect(holder.value == "Ada")
        withExtendedLifetime(feed) {}
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func everyAssignmentNotifiesAnEqualValueIncluded() {
        let name = Property("ada")
        let holder = ObservedProperty(name)
        let first = track(holder)
        name.value = "ada"
        #expect(first.count == 1)
        let second = track(holder)
        holder.value = "ada"
        #expect(second.count == 1)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aCancelledHolderStillReadsAndWritesButNotifiesNoMore() {
        let name = Property("")
        let holder = ObservedProperty(name)
        holder.cancel()
        let changes = track(holder)
        name.value = "ada"
        #expect(changes.count == 0)
        #expect(holder.value == "ada")
        holder.value = "grace"
        #expect(name.value == "grace")
        #expect(name.bindingCount == 0)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func releasingTheHolderEndsItsBindingAndThePropertyLivesOn() {
        let name = Property("")
        weak var weakHolder: ObservedProperty<String>?
        do {
            let holder = ObservedProperty(name)
            weakHolder = holder
            #expect(name.bindingCount == 1)
        }
        #expect(weakHolder == nil)
        #expect(name.bindingCount == 0)
        name.value = "ada"
        #expect(name.value == "ada")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test(.timeLimit(.minutes(1))) func observingTheHolderDeliversEachChangeOnTheMainActor() async {
        let name = Property("")
        let holder = ObservedProperty(name)
        var values: [String] = []
        var token: Cancellable?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // `observing` binds on the main actor and delivers there (a debug build traps if not).
            token = Observable.observing(holder, \.value).bind { value in
                MainActor.preconditionIsolated()
                values.append(value)
                // The next change comes in a later main-actor turn, once this one has arrived.
                if value == "ada" { Task { @MainActor in name.value = "grace" } }
                if value == "grace" { continuation.resume() }
            }
            #expect(values == [""])
            holder.value = "ada"
        }
        withExtendedLifetime(token) {}
        #expect(values == ["", "ada", "grace"])
    }
}
