import Foundation
import OpenCombine
import Signals

// Workload 12 (issue 23): `ActivityTracker`. Each iteration is what a screen does around two
// overlapping requests: bind request A (the tracker turns true), bind request B (still true),
// A finishes, B is cancelled (the tracker turns false); one binding of the tracker counts the
// changes it sees. OpenCombine has no tracker: its column is the RxSwift `ActivityIndicator`
// written by hand on OpenCombine (a `CurrentValueSubject` count, `map { $0 > 0 }` and
// `removeDuplicates()`, counted up on subscription and down on finish or cancel).

func activityWorkload(_ configuration: Configuration) -> [Row] {
    progress("12. ActivityTracker: two overlapping tracked requests (one finishes, one is cancelled)")
    let iterations = configuration.count(1_000_000)
    let signals = measure("Signals", nominal: iterations, configuration: configuration, SignalsRuns.activity)
    let openCombine = measure("OpenCombine", nominal: iterations, configuration: configuration, OpenCombineRuns.activity)
    return [Row(
        id: "12", name: "ActivityTracker, 2 overlapping requests", unit: "ns/iteration",
        signals: signals.median, openCombine: openCombine.median,
        note: "OpenCombine: a hand-written ActivityIndicator"
    )]
}

extension SignalsRuns {
    /// 12. Two overlapping tracked bindings per iteration; the tracker's changes are counted.
    static func activity(_ iterations: Int) -> UInt64 {
        let activity = ActivityTracker()
        let accumulator = Accumulator()
        let changes = activity.bind { accumulator.total &+= $0 ? 1 : 0 }
        let requestA = Subject<Int>()
        let requestB = Subject<Int>()
        let trackedA = requestA.track(activity)
        let trackedB = requestB.track(activity)
        let start = now()
        for _ in 0..<iterations {
            let a = trackedA.bind { accumulator.total &+= $0 }
            let b = trackedB.bind { accumulator.total &+= $0 }
            a.cancel()                   // as if A finished: the same end, once
            b.cancel()
        }
        let elapsed = now() - start
        changes.cancel()
        consume(accumulator.total)
        return elapsed
    }
}

/// RxSwift's `ActivityIndicator`, by hand on OpenCombine.
private final class OpenCombineActivityIndicator {
    private let count = CurrentValueSubject<Int, Never>(0)
    private let lock = NSLock()   // RxSwift's uses a recursive lock the same way

    var isActive: AnyPublisher<Bool, Never> {
        count.map { $0 > 0 }.removeDuplicates().eraseToAnyPublisher()
    }

    func track<P: OpenCombine.Publisher>(_ source: P) -> AnyPublisher<P.Output, P.Failure> {
        source.handleEvents(
            receiveSubscription: { _ in self.change(by: 1) },
            receiveCompletion: { _ in self.change(by: -1) },
            receiveCancel: { self.change(by: -1) }
        ).eraseToAnyPublisher()
    }

    private func change(by delta: Int) {
        lock.lock()
        count.value += delta
        lock.unlock()
    }
}

extension OpenCombineRuns {
    /// 12. The same work with a hand-written activity indicator.
    static func activity(_ iterations: Int) -> UInt64 {
        let activity = OpenCombineActivityIndicator()
        let accumulator = Accumulator()
        let changes = activity.isActive.sink { accumulator.total &+= $0 ? 1 : 0 }
        let requestA = PassthroughSubject<Int, Never>()
        let requestB = PassthroughSubject<Int, Never>()
        let trackedA = activity.track(requestA)
        let trackedB = activity.track(requestB)
        let start = now()
        for _ in 0..<iterations {
            let a = trackedA.sink { accumulator.total &+= $0 }
            let b = trackedB.sink { accumulator.total &+= $0 }
            a.cancel()
            b.cancel()
        }
        let elapsed = now() - start
        changes.cancel()
        consume(accumulator.total)
        return elapsed
    }
}
