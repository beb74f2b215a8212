import Signals

/// A test double for a request function that returns a stream: it records every request and
/// answers only when the test says, so responses arrive in exactly the order a test scripts,
/// with no waiting and no sleeps.
///
/// ```swift
/// let search = ScriptedRequests<String, Result<[String], MyError>>()
/// let viewModel = SearchViewModel(search: { search($0) })
/// input.querySubmitted.send("cats")
/// #expect(search.pendingRequests == ["cats"])
/// search.respond(with: .success(["tabby"]))        // answers the oldest pending request
/// #expect(search.cancelledRequests == [])
/// ```
///
/// Each binding of a returned stream is one request. Responding delivers the response and
/// finishes that stream. Cancelling the binding marks the request cancelled.
public final class ScriptedRequests<Request, Response>: @unchecked Sendable {
    // Lock holder: `records` and `nextID` are guarded by `lock`.
    private struct Record {
        let id: Int
        let request: Request
        var observer: Observer<Response>?
        var state: State
    }

    /// Where a recorded request stands.
    public enum State: Hashable, Sendable {
        /// Waiting for a response.
        case pending
        /// Answered by the test.
        case answered
        /// Cancelled by its binding before an answer.
        case cancelled
    }

    private let lock = Locked()
    private var records: [Record] = []
    private var nextID = 0

    /// Creates a double with no requests.
    public init() {}

    /// Makes a request: the returned stream records `request` on each bind and delivers the
    /// response the test gives with `respond`.
    public func callAsFunction(_ request: Request) -> Observable<Response> {
        Observable.create { [self] observer in
            let id = lock.withLock {
                nextID += 1
                records.append(Record(id: nextID, request: request, observer: observer, state: .pending))
                return nextID
            }
            return AnyCancellable { [weak self] in self?.cancel(id: id) }
        }
    }

    private func cancel(id: Int) {
        lock.withLock {
            guard let index = records.firstIndex(where: { $0.id == id }), records[index].state == .pending else { return }
            records[index].state = .cancelled
            records[index].observer = nil
        }
    }

    /// Every request made so far, in order.
    public var requests: [Request] { lock.withLock { records.map(\.request) } }

    /// The requests still waiting for a response, oldest first.
    public var pendingRequests: [Request] { requests(in: .pending) }

    /// The requests cancelled before they were answered, in order.
    public var cancelledRequests: [Request] { requests(in: .cancelled) }

    /// The requests the test answered, in order.
    public var answeredRequests: [Request] { requests(in: .answered) }

    /// The requests in `state`, in order.
    public func requests(in state: State) -> [Request] {
        lock.withLock { records.filter { $0.state == state }.map(\.request) }
    }

    /// Answers the oldest pending request that satisfies `matches` with `response`, then
    /// finishes its stream. Returns `false` (and does nothing) if no pending request matches.
    @discardableResult
    public func respond(with response: Response, where matches: (Request) -> Bool = { _ in true }) -> Bool {
        let observer: Observer<Response>? = lock.withLock {
            guard let index = records.firstIndex(where: { $0.state == .pending && matches($0.request) }) else { return nil }
            records[index].state = .answered
            defer { records[index].observer = nil }
            return records[index].observer
        }
        guard let observer else { return false }
        observer.send(response)
        observer.finish()
        return true
    }

    /// Ends the oldest pending request that satisfies `matches` without a response (as a source
    /// that was cancelled underneath). Returns `false` if none matches.
    @discardableResult
    public func finishWithoutResponse(where matches: (Request) -> Bool = { _ in true }) -> Bool {
        let observer: Observer<Response>? = lock.withLock {
            guard let index = records.firstIndex(where: { $0.state == .pending && matches($0.request) }) else { return nil }
            records[index].state = .answered
            defer { records[index].observer = nil }
            return records[index].observer
        }
        observer?.finish()
        return observer != nil
    }
}

extension ScriptedRequests where Request: Equatable {
    /// Answers the oldest pending `request` with `response`; `false` if it is not pending.
    @discardableResult
    public func respond(to request: Request, with response: Response) -> Bool {
        respond(with: response, where: { $0 == request })
    }
}
