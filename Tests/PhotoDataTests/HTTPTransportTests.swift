import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import SignalsPhotoData
import Testing

/// The transport's own edges, below the repository: what becomes of the `URLSessionDataTask`.
@Suite struct HTTPTransportTests {
    /// A call cancelled before its task starts throws `CancellationError`, and its task, never
    /// resumed, is still cancelled: otherwise the session waits for it forever when invalidated,
    /// and keeps itself and its delegate (the transport) until the process exits.
    @Test func aCallCancelledBeforeItStartsLetsTheSessionInvalidateAndFreeTheTransport() async throws {
        let weakTransport = try await Self.cancelledCallThenInvalidate()
        // The session lets go of its delegate on its own queues once it has invalidated (a few
        // milliseconds here); with the task left suspended it never does. Bounded, not timed.
        let deadline = ContinuousClock.now + .seconds(10)
        while weakTransport.object != nil, ContinuousClock.now < deadline { await Task.yield() }
        #expect(weakTransport.object == nil, "the session still holds its delegate: a task was left suspended")
    }

    /// A weak reference to hand out of the scope that made the transport.
    final class Weak: @unchecked Sendable {
        // Unchecked: written once in `init`, then only read.
        weak var object: HTTPTransport?
        init(_ object: HTTPTransport) { self.object = object }
    }

    /// Makes a transport and its session, runs one call cancelled before it starts, invalidates
    /// the session and lets go of both.
    static func cancelledCallThenInvalidate() async throws -> Weak {
        let transport = HTTPTransport()
        let session = URLSession(configuration: .ephemeral, delegate: transport, delegateQueue: nil)
        // Port 9 (discard) on loopback: the task is never resumed, so nothing connects.
        let request = URLRequest(url: URL(string: "http://127.0.0.1:9/never")!)
        let policy = HTTPTransport.Policy(credentialOrigin: nil, deadline: .seconds(30), maximumBytes: 1_024)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.data(for: request, session: session, policy: policy)
        }
        let result = await call.result
        #expect(throws: CancellationError.self) { try result.get() }
        session.finishTasksAndInvalidate()
        return Weak(transport)
    }
}
