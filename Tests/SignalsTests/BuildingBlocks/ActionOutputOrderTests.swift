import Signals
import SignalsTesting
import Testing

/// The documented order of emissions across an `Action`'s outputs and an `ActivityTracker`
/// (Action's "Order of the outputs"; ActivityTracker's "Order").
@Suite(.deadlockWatchdog) struct ActionOutputOrderTests {
    /// One log for every output, so that the order between outputs is asserted.
    final class Log {
        var lines: [String] = []
        let bag = CancellableBag()
        func record<T>(_ name: String, _ stream: some ObservableConvertible<T>) {
            stream.bind { [unowned self] in lines.append("\(name) \($0)") }.store(in: bag)
        }
    }

    @Test func theLastValueArrivesBeforeIsExecutingAndTheTrackerTurnFalse() {
        let work = Subject<Int>()
        let activity = ActivityTracker()
        let action = Action { (_: Void) in work.asObservable().take(2).track(activity) }
        let log = Log()
        log.record("values", action.values)
        log.record("isExecuting", action.isExecuting)
        log.record("isEnabled", action.isEnabled)
        log.record("activity", activity)
        log.lines.removeAll()
        #expect(action.apply())
        work.send(1)
        work.send(2)
        #expect(log.lines == [
            "isExecuting true", "isEnabled false", "activity true",
            "values 1",
            "values 2", "activity false", "isExecuting false", "isEnabled true"
        ])
    }

    @Test func cancellingTheExecutionByReleasingTheActionEndsTheTrackedActivity() {
        let work = Subject<Int>()
        let activity = ActivityTracker()
        var action: Action<Void, Int>? = Action { (_: Void) in work.asObservable().track(activity) }
        let log = Log()
        log.record("activity", activity)
        action?.apply()
        work.send(1)
        action = nil
        #expect(log.lines == ["activity false", "activity true", "activity false"])
        #expect(work.bindingCount == 0)
    }

    @Test func applyReturnsWhetherItStarted() {
        let work = Subject<Int>()
        let isAllowed = Property(true)
        let action = Action(enabledIf: isAllowed) { (_: Void) in work.asObservable() }
        let refusals = Recorder(action.disabled.map(to: "refused"))
        #expect(action.apply() == true)
        #expect(action.apply() == false)
        work.finish()
        isAllowed.value = false
        #expect(action.apply() == false)
        isAllowed.value = true
        #expect(action.apply() == true)
        #expect(refusals.values == ["refused", "refused"])
    }
}

/// The Input/Output article's "A Property output re-emits equal values".
@Suite(.deadlockWatchdog) struct PropertyOutputRepeatsTests {
    @Test func aPropertyOutputReEmitsAnEqualAssignment() {
        let isLoading = Property(false)
        let recorder = Recorder(isLoading)
        isLoading.value = true
        isLoading.value = false
        isLoading.value = false
        #expect(recorder.values == [false, true, false, false])
    }

    @Test func theChangesOnlySpellingKeepsTheReplayAndDropsRepeats() {
        let isLoading = Property(false)
        let output = isLoading.removeDuplicates()
        let recorder = Recorder(output)
        isLoading.value = true
        isLoading.value = false
        isLoading.value = false
        let late = Recorder(output)
        #expect(recorder.values == [false, true, false])
        #expect(late.values == [false])
    }
}
