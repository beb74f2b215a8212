import SignalsPhotoData
import Signals

/// Lines read from a child process's stdout, which tests can wait on without sleeping.
final class LineLog: Sendable {
    private struct Waiter {
        let predicate: @Sendable (String) -> Bool
        var remaining: Int
        let continuation: CheckedContinuation<String?, Never>
    }

    private struct State {
        var lines: [String] = []
        var finished = false
        var waiters: [Waiter] = []
    }

    private let state = Locked(State())

    var lines: [String] { state.withLock { $0.lines } }

    func append(_ line: String) {
        let ready: [Waiter] = state.withLock { state in
            state.lines.append(line)
            var ready: [Waiter] = []
            var waiting: [Waiter] = []
            for var waiter in state.waiters {
                if waiter.predicate(line) { waiter.remaining -= 1 }
                if waiter.remaining == 0 { ready.append(waiter) } else { waiting.append(waiter) }
            }
            state.waiters = waiting
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: line) }
    }

    func finish() {
        let waiting: [Waiter] = state.withLock { state in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiting { waiter.continuation.resume(returning: nil) }
    }

    /// The first line, so far or later, that satisfies `predicate`; `nil` if the stream ends first.
    func firstLine(where predicate: @escaping @Sendable (String) -> Bool) async -> String? {
        await line(number: 1, where: predicate)
    }

    /// The `number`-th (from 1) line satisfying `predicate`, waiting for it; `nil` if the stream ends first.
    func line(number: Int, where predicate: @escaping @Sendable (String) -> Bool) async -> String? {
        await withCheckedContinuation { continuation in
            let answer: String?? = state.withLock { state in
                let matches = state.lines.filter(predicate)
                if matches.count >= number { return .some(matches[number - 1]) }
                if state.finished { return .some(nil) }
                state.waiters.append(Waiter(predicate: predicate, remaining: number - matches.count, continuation: continuation))
                return .none
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }
}
