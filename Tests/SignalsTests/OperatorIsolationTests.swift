import Signals
import SignalsTesting
import Testing

/// Names the task that sent a value, so an operator closure can tell where it runs.
private enum Sender {
    @TaskLocal static var name: String?
}

/// Main-actor state an operator closure touches.
@MainActor
private final class ScreenState {
    var mapped: [Int] = []
}

/// Where operator closures run in `@MainActor` code (DocC "MainActor view models", "Where
/// operator closures run"): on the sending thread, unless `receive(on: .main)` comes first.
@MainActor
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct OperatorIsolationTests {
    @Test func aMapClosureWrittenOnTheMainActorRunsOnTheThreadThatSends() async {
        let subject = Subject<Int>()
        var senders: [String?] = []
        let token = subject
            .map { value -> Int in
                senders.append(Sender.name)
                return value
            }
            .bind(isolation: nil) { _ in }
        await Task.detached {
            Sender.$name.withValue("background task") { subject.send(1) }
        }.value
        subject.send(2)
        token.cancel()
        #expect(senders == ["background task", nil])
    }

    @Test func receiveOnMainBeforeMapRunsTheClosureOnTheMainActorInOrder() async {
        let subject = Subject<Int>()
        let state = ScreenState()
        var senders: [String?] = []
        var received: [Int] = []
        var token: (any Cancellable)?
        let delivered: Void? = await awaitBounded("the fourth delivery on main") { done in
            token = subject
                .receive(on: .main)
                .map { value -> Int in
                    MainActor.assertIsolated("a map after receive(on: .main) runs on the main actor")
                    senders.append(Sender.name)
                    state.mapped.append(value)
                    return value * 10
                }
                .bind { value in
                    received.append(value)
                    if received.count == 4 { done(()) }
                }
            Task.detached {
                Sender.$name.withValue("background task") {
                    subject.send(1)
                    subject.send(2)
                }
            }
            subject.send(3)
            Task.detached {
                Sender.$name.withValue("another task") { subject.send(4) }
            }
        }
        token?.cancel()
        guard delivered != nil else { return }
        #expect(state.mapped.sorted() == [1, 2, 3, 4])
        #expect(received.sorted() == [10, 20, 30, 40])
        #expect(received.firstIndex(of: 10)! < received.firstIndex(of: 20)!)
        #expect(senders == [nil, nil, nil, nil])
    }
}
