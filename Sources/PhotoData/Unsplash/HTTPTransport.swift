import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoDomain

/// Runs the repository's requests as delegate-driven data tasks, so it can hold each one to
/// the policies a completion handler cannot enforce:
///
/// - **Redirects:** a request that carries credentials (`credentialOrigin` set) follows a
///   redirect only within that origin (scheme, host and port); any other is refused, without
///   sending anything there, and fails with `NetworkError.redirectRefused`. A request without
///   credentials follows redirects, with any `Authorization` header removed.
/// - **Deadline:** the whole request, however the server trickles it, fails with
///   `NetworkError.timedOut` once `deadline` passes, and the transfer is cancelled.
/// - **Size:** a body announced or grown beyond `maximumBytes` fails with
///   `NetworkError.responseTooLarge` and the transfer is cancelled, so no more than
///   `maximumBytes` plus one network read is ever held.
///
/// Cancelling the calling `Task` cancels the transfer and throws `CancellationError`. Other
/// failures are thrown as Foundation reports them (`URLError`) for the repository to map.
final class HTTPTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Lock holder: `transfers` is read and written only inside `withLock`.

    /// What one request is held to.
    struct Policy: Sendable {
        /// The origin a credential-carrying request must stay on; `nil` for requests without credentials.
        var credentialOrigin: Origin?
        var deadline: Duration
        var maximumBytes: Int
    }

    /// A URL's origin, as the same-origin rule compares it: scheme, host and port.
    struct Origin: Hashable, Sendable, CustomStringConvertible {
        var scheme: String
        var host: String
        var port: Int

        /// The origin of `url`, or `nil` when it has no scheme or host.
        init?(_ url: URL?) {
            guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        }

        /// `scheme://host:port`, never with a user, password, path or query.
        var description: String { "\(scheme)://\(host):\(port)" }
    }

    fileprivate struct Transfer {
        let task: URLSessionDataTask
        let continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
        let policy: Policy
        var body = Data()
        var refusedRedirect: Origin?
        var deadline: DispatchWorkItem?
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Sends `request` on `session` (whose delegate must be this transport) under `policy`.
    func data(for request: URLRequest, session: URLSession, policy: Policy) async throws -> (Data, HTTPURLResponse) {
        let handle = TaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                let id = task.taskIdentifier
                transfers.withLock { $0[id] = Transfer(task: task, continuation: continuation, policy: policy) }
                guard handle.start(task) else {
                    // Cancelled before the task existed: it is never resumed, but it is cancelled,
                    // or the session keeps it (and, waiting for it to invalidate, itself and this
                    // transport) until exit. A delegate call it may cause finds no transfer.
                    transfers.fail(id, CancellationError())
                    return
                }
                // Holds the transfer table, not the transport: a deadline still pending when the
                // repository goes keeps nothing else alive, and no weak reference to the transport
                // is taken (its side table would outlive it in LeakSanitizer's eyes at exit).
                let deadline = DispatchWorkItem { [transfers] in
                    transfers.fail(id, NetworkError.timedOut(deadline: policy.deadline))
                }
                transfers.withLock { $0[id]?.deadline = deadline }
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeInterval(policy.deadline), execute: deadline)
                task.resume()
            }
        } onCancel: {
            if let task = handle.cancel() {
                transfers.fail(task.taskIdentifier, CancellationError())
            }
        }
    }

    /// Seconds for Dispatch, clamped so that no deadline overflows its clock.
    private static func timeInterval(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return min(Double(seconds) + Double(attoseconds) / 1e18, 365 * 86_400)
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let limit = transfers.withLock { $0[dataTask.taskIdentifier]?.policy.maximumBytes }
        if let limit, response.expectedContentLength > Int64(limit) {
            // Not every Foundation stops the transfer for `.cancel` alone: `fail` cancels the task too.
            transfers.fail(dataTask.taskIdentifier, NetworkError.responseTooLarge(limit: limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let exceeded: Int? = transfers.withLock { transfers in
            guard var transfer = transfers[id] else { return nil }
            guard transfer.body.count + data.count <= transfer.policy.maximumBytes else { return transfer.policy.maximumBytes }
            // Mutated out of the dictionary so the append does not copy the body.
            transfers[id] = nil
            transfer.body.append(data)
            transfers[id] = transfer
            return nil
        }
        if let exceeded {
            transfers.fail(id, NetworkError.responseTooLarge(limit: exceeded))
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let id = task.taskIdentifier
        let destination = Origin(request.url)
        let allowed: Bool = transfers.withLock { transfers in
            guard let origin = transfers[id]?.policy.credentialOrigin else { return true }
            if destination == origin { return true }
            transfers[id]?.refusedRedirect = destination ?? origin
            return false
        }
        guard allowed else {
            // The task now completes with the redirect response itself; see `didCompleteWithError`.
            completionHandler(nil)
            return
        }
        var request = request
        if transfers.withLock({ $0[id]?.policy.credentialOrigin == nil }) {
            // Foundation copies the original headers onto the redirect; a request sent without
            // credentials must not pick any up.
            request.setValue(nil, forHTTPHeaderField: "Authorization")
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        let transfer = transfers.withLock { $0[id] }
        guard let transfer else { return }
        if let refused = transfer.refusedRedirect {
            transfers.finish(id, with: .failure(NetworkError.redirectRefused(destination: refused.description)))
        } else if let error {
            transfers.finish(id, with: .failure(error))
        } else if let response = task.response as? HTTPURLResponse {
            transfers.finish(id, with: .success((transfer.body, response)))
        } else {
            transfers.finish(id, with: .failure(task.response == nil ? URLError(.badServerResponse) : NetworkError.nonHTTPResponse))
        }
    }
}

/// Hands a data task from the operation to the cancellation handler, whichever runs first.
private final class TaskHandle: Sendable {
    private enum State {
        case waiting
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = Locked<State>(.waiting)

    /// Records the task; returns `false` if cancellation came first.
    func start(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .running(task)
            return true
        }
    }

    /// Marks the handle cancelled; returns the running task, if there is one, to cancel.
    func cancel() -> URLSessionDataTask? {
        state.withLock { state in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
    }
}

/// The transfers in flight, by task identifier: the one place a transfer ends. The deadline's
/// work item holds this table, not the transport.
extension Locked where State == [Int: HTTPTransport.Transfer] {
    /// Resumes the transfer's caller once (later calls for the same task do nothing); returns
    /// the task if this call finished it.
    @discardableResult
    fileprivate func finish(_ id: Int, with result: Result<(Data, HTTPURLResponse), any Error>) -> URLSessionDataTask? {
        guard let transfer = withLock({ $0.removeValue(forKey: id) }) else { return nil }
        transfer.deadline?.cancel()
        transfer.continuation.resume(with: result)
        return transfer.task
    }

    /// Fails the transfer with `error` and stops its task (timeouts, caps, cancellation).
    fileprivate func fail(_ id: Int, _ error: any Error) {
        finish(id, with: .failure(error))?.cancel()
    }
}
