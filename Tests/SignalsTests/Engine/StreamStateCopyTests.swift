@testable import Signals
import Testing

/// `StreamState` is a value that owns its slot table (`~Copyable`, with `copy()`): a copy goes
/// its own way, whatever either side does next. These tests drive the transitions directly, as
/// the interleaving explorer does, and deliver through the table each side would hand a send.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct StreamStateCopyTests {
    /// A subject's state with `count` bindings whose indexes the core has written, and a log of
    /// the values each binding received.
    final class Bound {
        var state = StreamState<Int>()
        var sinks: [Sink<Int>] = []
        var received: [[Int]]

        init(count: Int, indexed: Bool = true) {
            received = Array(repeating: [], count: count)
            for binding in 0..<count {
                let sink = Sink<Int>(onValue: { [unowned self] in self.received[binding].append($0) }, onFinish: {})
                sinks.append(sink)
                _ = state.bind(sink, thread: 16)
            }
            if indexed { state.takeIndexing().perform() }
        }
    }

    @Test func aCopyThatLosesABindingLeavesTheOriginalWithIt() {
        let bound = Bound(count: 3)
        var copy = bound.state.copy()
        _ = copy.remove(bound.sinks[1], seeing: 0)

        copy.claimedTable.deliver(1)
        bound.state.claimedTable.deliver(2)

        #expect(bound.received == [[1, 2], [2], [1, 2]])
        #expect(copy.bindingCount == 2)
        #expect(bound.state.bindingCount == 3)
        let originalHasIt = bound.state.table.contains(bound.sinks[1])
        let copyHasIt = copy.table.contains(bound.sinks[1])
        #expect(originalHasIt && !copyHasIt)
    }

    @Test func aCopyThatFinishesLeavesTheOriginalOpen() {
        let bound = Bound(count: 2)
        var copy = bound.state.copy()
        guard case .deliver(let finished) = copy.finish(16) else {
            Issue.record("an idle stream's finish is delivered by the caller")
            return
        }

        #expect(finished.count == 2)
        #expect(copy.isFinished && copy.bindingCount == 0)
        #expect(!bound.state.isFinished && bound.state.bindingCount == 2)
        bound.state.claimedTable.deliver(5)
        #expect(bound.received == [[5], [5]])
    }

    @Test func aCopyFindsTheBindingsWhoseIndexesAreNotWrittenYet() {
        // Bound, not yet indexed by the core: both sides look the sink up among the new slots.
        let bound = Bound(count: 3, indexed: false)
        var copy = bound.state.copy()
        _ = copy.remove(bound.sinks[2], seeing: 0)
        _ = bound.state.remove(bound.sinks[0], seeing: 0)

        copy.claimedTable.deliver(1)
        bound.state.claimedTable.deliver(2)

        #expect(bound.received == [[1], [1, 2], [2]])
    }

    @Test func aCopyHasStorageOfItsOwnAndGrowsIt() {
        let bound = Bound(count: 4)
        var copy = bound.state.copy()
        let sharesStorage = copy.claimedTable.reads(bound.state.table)
        #expect(!sharesStorage)
        // The fifth binding outgrows the copy's four slots: the copy moves to new storage and
        // frees its old one (AddressSanitizer sees a free of the original's storage).
        let fifth = Sink<Int>(onValue: { _ in }, onFinish: {})
        _ = copy.bind(fifth, thread: 16)

        #expect(copy.bindingCount == 5 && bound.state.bindingCount == 4)
        bound.state.claimedTable.deliver(3)
        #expect(bound.received == [[3], [3], [3], [3]])
        withExtendedLifetime(fifth) {}
    }
}
