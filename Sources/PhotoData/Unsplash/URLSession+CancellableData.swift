import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Loads `request` with a data task that is cancelled when the calling Swift `Task` is.
    ///
    /// Written over `dataTask(with:completionHandler:)` rather than the async `data(for:)`
    /// because the latter does not reliably cancel the transfer on every platform's Foundation.
    /// Throws `CancellationError` when cancelled, the `URLError` otherwise.
    func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        if (error as? URLError)?.code == .cancelled || handle.isCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            continuation.resume(throwing: error)
                        }
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                if handle.start(task) {
                    task.resume()
                } else {
                    // Cancelled before the task existed; it is never resumed, so its handler never runs.
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// Hands a data task from the operation to the cancellation handler, whichever runs first.
private final class DataTaskHandle: Sendable {
    private enum State {
        case waiting
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = SynchronizedState<State>(.waiting)

    var isCancelled: Bool {
        state.withLock { if case .cancelled = $0 { true } else { false } }
    }

    /// Records the task; returns `false` if cancellation came first.
    func start(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .running(task)
            return true
        }
    }

    /// Marks the handle cancelled and cancels the task if one is running.
    func cancel() {
        let task: URLSessionDataTask? = state.withLock { state in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        task?.cancel()
    }
}
