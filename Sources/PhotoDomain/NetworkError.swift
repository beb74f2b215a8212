import Foundation

/// Why an HTTP request to a photo API failed.
public enum NetworkError: Error, Sendable, Hashable {
    /// The request never got an answer: no connection, connection refused or lost, timeout, TLS.
    case transportFailure(reason: String)
    /// A URL could not be built from the given parts.
    case invalidURL(String)
    /// The answer was not an HTTP response.
    case nonHTTPResponse
    /// The server answered with an unexpected status code (other than 401, 403, 429 and 5xx).
    case badStatus(code: Int, serverMessage: String? = nil)
    /// The server rejected the access key (HTTP 401).
    case unauthorized(serverMessage: String? = nil)
    /// The server refused the request (HTTP 403).
    case forbidden(serverMessage: String? = nil)
    /// The server is throttling requests (HTTP 429, or 403 with no requests remaining).
    case rateLimited(resetDate: Date? = nil)
    /// The server failed (HTTP 5xx).
    case serverError(code: Int, serverMessage: String? = nil)
    /// The body could not be used at all: empty, truncated, or not JSON.
    case invalidData(reason: String)
    /// The body was JSON but not in the expected shape; `path` names the field, like `results[2].user.id`.
    case decoding(path: String, reason: String)
    /// The whole request (connecting, waiting and reading the body) took longer than `deadline`.
    case timedOut(deadline: Duration)
    /// The response body was, or was announced as, larger than `limit` bytes; reading stopped there.
    case responseTooLarge(limit: Int)
    /// The server redirected a request that carries the access key to another origin
    /// (`destination`, as `scheme://host:port`); the redirect was not followed.
    case redirectRefused(destination: String)

    /// The HTTP status code, for the cases that carry one.
    public var statusCode: Int? {
        switch self {
        case .badStatus(let code, _), .serverError(let code, _): code
        case .unauthorized: 401
        case .forbidden: 403
        case .rateLimited: 429
        default: nil
        }
    }

    /// Whether trying the same request again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case .transportFailure, .rateLimited, .serverError, .invalidData, .timedOut: true
        default: false
        }
    }

    /// A sentence suitable for showing to a user.
    public var message: String {
        switch self {
        case .transportFailure(let reason):
            return "Couldn't reach the server: \(reason)"
        case .invalidURL(let text):
            return "The address \"\(text)\" is not a valid URL."
        case .nonHTTPResponse:
            return "The server's reply was not an HTTP response."
        case .badStatus(let code, let serverMessage):
            return "The server answered with status \(code)." + Self.suffix(serverMessage)
        case .unauthorized(let serverMessage):
            return "The access key was rejected (401). Check your Unsplash access key." + Self.suffix(serverMessage)
        case .forbidden(let serverMessage):
            return "Access to this resource is forbidden (403)." + Self.suffix(serverMessage)
        case .rateLimited(let resetDate):
            if let resetDate {
                return "Too many requests (rate limited). Try again after \(Timestamp.string(from: resetDate))."
            }
            return "Too many requests (rate limited). Try again later."
        case .serverError(let code, let serverMessage):
            return "The server had a problem (\(code)). Try again later." + Self.suffix(serverMessage)
        case .invalidData(let reason):
            return "The server sent data that could not be read: \(reason)"
        case .decoding(let path, let reason):
            let place = path.isEmpty ? "the top level" : "\"\(path)\""
            return "The server's data could not be decoded at \(place): \(reason)"
        case .timedOut(let deadline):
            return "The server did not answer in time: the whole request may take \(Self.seconds(deadline))."
        case .responseTooLarge(let limit):
            return "The server's response was larger than the \(Self.size(limit)) limit, so it was not read."
        case .redirectRefused(let destination):
            return "The server redirected to another address (\(destination)); "
                + "the redirect was not followed, so the access key went only to the configured server."
        }
    }

    /// `30 s`, `1.5 s`, `250 ms` (whole milliseconds; never traps, however long).
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if seconds >= 1 {
            let millisecondPart = attoseconds / 1_000_000_000_000_000
            return millisecondPart == 0 ? "\(seconds) s" : "\(seconds).\(String(millisecondPart + 1_000).dropFirst()) s"
        }
        return "\(max(0, seconds) * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    /// `4 MiB`, `512 KiB`, `1000 bytes`.
    private static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1-byte" : "\(bytes)-byte"
    }

    private static func suffix(_ serverMessage: String?) -> String {
        guard let serverMessage, !serverMessage.isEmpty else { return "" }
        return " The server said: \(serverMessage)"
    }
}

extension NetworkError: LocalizedError {
    /// The same text as `message`.
    public var errorDescription: String? { message }
}

extension NetworkError: CustomStringConvertible {
    /// The same text as `message`.
    public var description: String { message }
}
