import Signals
import SignalsTesting
import Testing

/// `enumerated()`: values paired with their index, per binding.
@Suite(.deadlockWatchdog) struct EnumeratedTests {
    private func describe(_ pair: (index: Int, element: String)) -> String { "\(pair.index):\(pair.element)" }

    @Test func pairsEachValueWithItsIndexFromZeroAndPassesTheFinishOn() {
        let messages = Subject<String>()
        let recorder = Recorder(messages.enumerated().map(describe))
        messages.send("hi")
        messages.send("there")
        messages.send("hi")
        messages.finish()
        #expect(recorder.events == [.value("0:hi"), .value("1:there"), .value("2:hi"), .finished])
    }

    @Test func eachBindingCountsFromZero() {
        let messages = Subject<String>()
        let enumerated = messages.enumerated().map(describe)
        let first = Recorder(enumerated)
        messages.send("a")
        let second = Recorder(enumerated)
        messages.send("b")
        #expect(first.events == [.value("0:a"), .value("1:b")])
        #expect(second.events == [.value("0:b")])
    }

    @Test func aPropertysReplayIsIndexZero() {
        let draft = Property("")
        let recorder = Recorder(draft.enumerated().map(describe))
        draft.value = "h"
        #expect(recorder.events == [.value("0:"), .value("1:h")])
    }

    @Test func aValueSentFromTheHandlerGetsTheNextIndexInOrder() {
        let messages = Subject<String>()
        var seen: [String] = []
        let token = messages.enumerated().bind { pair in
            seen.append("\(pair.index):\(pair.element)")
            if pair.index < 2 { messages.send("echo") }
        }
        messages.send("a")
        #expect(seen == ["0:a", "1:echo", "2:echo"])
        token.cancel()
    }

    @Test func theBindingIsReleasedWhenCancelled() {
        weak var weakSubject: Subject<Int>?
        do {
            let subject = Subject<Int>()
            weakSubject = subject
            let recorder = Recorder(subject.enumerated().map(\.index))
            subject.send(7)
            #expect(recorder.values == [0])
            recorder.cancel()
        }
        #expect(weakSubject == nil)
    }
}
