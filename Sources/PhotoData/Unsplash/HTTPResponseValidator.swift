import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoDomain

/// Turns an HTTP exchange into a usable body or the `NetworkError` that explains why not.
struct HTTPResponseValidator {
    /// The current time, for turning `Retry-After: <seconds>` into a date.
    var now: @Sendable () -> Date = { Date() }

    /// Returns the body of a 2xx response; throws the matching `NetworkError` otherwise.
    func validatedBody(data: Data, response: URLResponse) throws(NetworkError) -> (Data, HTTPURLResponse) {
        guard let http = response as? HTTPURLResponse else { throw .nonHTTPResponse }
        let status = http.statusCode
        switch status {
        case 200..<300:
            let expected = http.expectedContentLength
            if expected > 0, Int64(data.count) < expected, http.value(forHTTPHeaderField: "Content-Encoding") == nil {
                throw .invalidData(reason: "The body was cut short (\(data.count) of \(expected) bytes).")
            }
            return (data, http)
        case 401:
            throw .unauthorized(serverMessage: UnsplashErrorBody.message(in: data))
        case 403:
            // Unsplash answers 403 "Rate Limit Exceeded" when the hourly quota is spent.
            if Self.rateLimitRemaining(in: http) == 0 {
                throw .rateLimited(resetDate: resetDate(in: http))
            }
            throw .forbidden(serverMessage: UnsplashErrorBody.message(in: data))
        case 429:
            throw .rateLimited(resetDate: resetDate(in: http))
        case 500..<600:
            throw .serverError(code: status, serverMessage: UnsplashErrorBody.message(in: data))
        default:
            throw .badStatus(code: status, serverMessage: UnsplashErrorBody.message(in: data))
        }
    }

    /// `X-Ratelimit-Remaining`, if present and a number.
    static func rateLimitRemaining(in response: HTTPURLResponse) -> Int? {
        response.value(forHTTPHeaderField: "X-Ratelimit-Remaining")
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// When the limit resets, from `Retry-After` (seconds or an HTTP date) or `X-Ratelimit-Reset`
    /// (Unix seconds, or seconds from now when small).
    func resetDate(in response: HTTPURLResponse) -> Date? {
        if let retryAfter = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(retryAfter), seconds.isFinite, seconds >= 0 {
                return now().addingTimeInterval(seconds)
            }
            if let date = Self.httpDate(retryAfter) { return date }
        }
        if let reset = response.value(forHTTPHeaderField: "X-Ratelimit-Reset")?.trimmingCharacters(in: .whitespaces),
           let seconds = Double(reset), seconds.isFinite, seconds >= 0 {
            // Anything under a year of seconds is a delay, not a Unix time.
            return seconds < 31_536_000 ? now().addingTimeInterval(seconds) : Date(timeIntervalSince1970: seconds)
        }
        return nil
    }

    /// Parses an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
