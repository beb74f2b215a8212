import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoDomain

/// Builds the Unsplash API's requests: paths under the base URL, strictly percent-encoded
/// queries, and the `Authorization` and `Accept-Version` headers.
struct UnsplashRequestBuilder: Sendable {
    let baseURL: URL
    let accessKey: AccessKey

    /// RFC 3986 unreserved characters; everything else in a query value is percent-encoded,
    /// including `&`, `=`, `+` and `#`, which `URLComponents` would leave alone or misread.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    /// `GET {base}/{path}?{query}` with the API headers.
    func request(path: [String], query: [(name: String, value: String)] = []) throws(NetworkError) -> URLRequest {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        for segment in path {
            text += "/" + Self.encode(segment)
        }
        if !query.isEmpty {
            text += "?" + query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw .invalidURL(CredentialRedaction.redacted(baseURL))
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("Client-ID \(accessKey.value)", forHTTPHeaderField: "Authorization")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// Percent-encodes everything but unreserved characters, as UTF-8.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
