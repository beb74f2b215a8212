import Foundation

/// Why a `PhotoRepository` call failed, in terms a screen can show.
///
/// Cancellation is not a `UseCaseError`: cancelled calls throw `CancellationError`.
public enum UseCaseError: Error, Sendable, Hashable {
    /// The search query was empty or only whitespace, so no search was made.
    case emptyQuery
    /// No photo (or image) with this ID or URL exists.
    case notFound(id: String)
    /// The network request failed.
    case network(NetworkError)
    /// The embedded catalog could not be loaded.
    case catalogUnavailable(reason: String)

    /// Whether trying the same call again later may succeed.
    public var isRetryable: Bool {
        if case .network(let error) = self { error.isRetryable } else { false }
    }

    /// A sentence suitable for showing to a user.
    public var message: String {
        switch self {
        case .emptyQuery: "Type something to search for."
        case .notFound(let id): "Nothing was found for \"\(id)\"."
        case .network(let error): error.message
        case .catalogUnavailable(let reason): "The photo catalog could not be loaded: \(reason)"
        }
    }
}

extension UseCaseError: LocalizedError {
    /// The same text as `message`.
    public var errorDescription: String? { message }
}

extension UseCaseError: CustomStringConvertible {
    /// The same text as `message`.
    public var description: String { message }
}
