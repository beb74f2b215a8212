import Core
import Foundation
import Signals
import SignalsFoundation

/// The app's transport: one request per binding, cancelled with it.
public struct HTTPClient: Sendable {
    /// Answers a path with bytes, or fails.
    public typealias Transport = @Sendable (String) async throws -> [UInt8]

    private let transport: Transport

    /// Creates a client over `transport` (an URLSession call in the app, a table in tests).
    public init(transport: @escaping Transport) {
        self.transport = transport
    }

    /// The bytes at `path`, as a `Result` (a failure is a value: streams never fail).
    public func get(_ path: String) -> Loading<[UInt8]> {
        let transport = transport
        return Observable.task { try await transport(path) }
            .map { result in result.mapError { _ in AppError.offline } }
    }

    /// Fires each time the app comes back to the foreground (a notification the app posts).
    public static func foregroundEvents(center: NotificationCenter = .default) -> Observable<Void> {
        center.observable(for: Notification.Name("ModularApp.willEnterForeground")).map { _ in () }
    }
}
