import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoDomain

/// A `PhotoRepository` over the Unsplash API, or any server that speaks it (point `baseURL`
/// at a loopback server in tests).
///
/// Sends `Authorization: Client-ID <key>` and `Accept-Version: v1` to the API, never to image
/// hosts, and never prints the key. Cancelling the calling `Task` cancels the HTTP request
/// and throws `CancellationError`; every other failure is a `UseCaseError.network`.
///
/// Every request is bounded by ``HTTPLimits``: a whole-request deadline (`.timedOut`) and a
/// body cap, one for JSON and one for images (`.responseTooLarge`). An API request that the
/// server redirects to another origin (scheme, host or port) is refused rather than followed,
/// so the key reaches no other server (`.redirectRefused`); image requests, which carry no
/// key, follow redirects.
///
/// ```swift
/// let repository = UnsplashPhotoRepository(accessKey: key, limits: HTTPLimits(requestDeadline: .seconds(10)))
/// let page = try await repository.editorialPhotos(page: 1, perPage: 30)
/// ```
public final class UnsplashPhotoRepository: PhotoRepository, CustomStringConvertible, CustomReflectable {
    /// Unsplash's production API address.
    public static let defaultBaseURL = URL(string: "https://api.unsplash.com")!

    /// The server this repository talks to.
    public let baseURL: URL
    /// The deadline and size caps every request is held to.
    public let limits: HTTPLimits
    private let requests: UnsplashRequestBuilder
    /// A session with `transport` as its delegate, invalidated with the repository.
    private let session: URLSession
    private let transport = HTTPTransport()
    private let validator = HTTPResponseValidator()
    private let lastRateLimitRemaining = Locked<Int?>(nil)

    /// Creates a client for `baseURL` that authenticates with `accessKey`, on a session with
    /// `configuration`, holding every request to `limits`.
    public init(
        accessKey: String,
        baseURL: URL = UnsplashPhotoRepository.defaultBaseURL,
        configuration: URLSessionConfiguration = .ephemeral,
        limits: HTTPLimits = HTTPLimits()
    ) {
        self.baseURL = baseURL
        self.limits = limits
        self.requests = UnsplashRequestBuilder(baseURL: baseURL, accessKey: AccessKey(value: accessKey))
        self.session = URLSession(configuration: configuration, delegate: transport, delegateQueue: nil)
    }

    /// Creates a client for `baseURL` that authenticates with `accessKey`, using `session`'s
    /// configuration (its delegate is not used: the repository needs its own, to enforce `limits`
    /// and the redirect rule).
    public convenience init(
        accessKey: String,
        baseURL: URL = UnsplashPhotoRepository.defaultBaseURL,
        session: URLSession,
        limits: HTTPLimits = HTTPLimits()
    ) {
        self.init(accessKey: accessKey, baseURL: baseURL, configuration: session.configuration, limits: limits)
    }

    deinit {
        // A session keeps its delegate (and itself) alive until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// The `X-Ratelimit-Remaining` the API sent with its latest response, if any.
    public var rateLimitRemaining: Int? { lastRateLimitRemaining.withLock { $0 } }

    /// Names the server but never the access key, nor a user or password in `baseURL`.
    public var description: String { "UnsplashPhotoRepository(baseURL: \(CredentialRedaction.redacted(baseURL)))" }

    /// Shows the server but never the access key or `baseURL`'s credentials, so `dump` cannot leak them.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": CredentialRedaction.redacted(baseURL)], displayStyle: .class)
    }

    /// `GET /photos`; totals come from the `X-Total` header, or are estimated when it is absent
    /// (see `PageTotals` for how absurd values are read).
    public func editorialPhotos(page: Int, perPage: Int) async throws -> Page<Photo> {
        let page = PhotoRepositoryLimits.clampedPage(page)
        let perPage = PhotoRepositoryLimits.clampedPageSize(perPage)
        let request = try mapped {
            try requests.request(path: ["photos"], query: [("page", String(page)), ("per_page", String(perPage))])
        }
        let (photos, response) = try await fetch([Photo].self, request)
        let (total, totalPages) = PageTotals.editorial(
            totalHeader: response.value(forHTTPHeaderField: "X-Total"),
            page: page,
            perPage: perPage,
            count: photos.count
        )
        return Page(items: photos, total: total, totalPages: totalPages, page: page)
    }

    /// `GET /search/photos`, `/search/collections` or `/search/users`; throws `.emptyQuery` before any request.
    public func search(_ scope: SearchScope, query: String, page: Int, perPage: Int) async throws -> Page<SearchResultItem> {
        guard !query.allSatisfy(\.isWhitespace) else { throw UseCaseError.emptyQuery }
        let page = PhotoRepositoryLimits.clampedPage(page)
        let perPage = PhotoRepositoryLimits.clampedPageSize(perPage)
        let request = try mapped {
            try requests.request(
                path: ["search", scope.rawValue],
                query: [("query", query), ("page", String(page)), ("per_page", String(perPage))]
            )
        }
        switch scope {
        case .photos:
            let (body, _) = try await fetch(UnsplashSearchResponse<Photo>.self, request)
            return Page(items: body.results.map(SearchResultItem.photo), total: body.total, totalPages: body.totalPages, page: page)
        case .collections:
            let (body, _) = try await fetch(UnsplashSearchResponse<PhotoCollection>.self, request)
            return Page(items: body.results.map(SearchResultItem.collection), total: body.total, totalPages: body.totalPages, page: page)
        case .users:
            let (body, _) = try await fetch(UnsplashSearchResponse<UserProfile>.self, request)
            return Page(items: body.results.map(SearchResultItem.user), total: body.total, totalPages: body.totalPages, page: page)
        }
    }

    /// `GET /photos/:id`; a 404 becomes `UseCaseError.notFound`.
    public func photoDetail(id: String) async throws -> PhotoDetail {
        guard !id.isEmpty else { throw UseCaseError.notFound(id: id) }
        let request = try mapped { try requests.request(path: ["photos", id]) }
        do {
            return try await fetch(PhotoDetail.self, request).0
        } catch UseCaseError.network(.badStatus(code: 404, _)) {
            throw UseCaseError.notFound(id: id)
        }
    }

    /// `GET url` without the API headers, so the access key never reaches image hosts.
    public func imageData(from url: URL) async throws -> Data {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw UseCaseError.network(.invalidURL(CredentialRedaction.redacted(url)))
        }
        let (data, _) = try await load(URLRequest(url: url), maximumBytes: limits.maximumImageBytes)
        guard !data.isEmpty else { throw UseCaseError.network(.invalidData(reason: "The image was empty.")) }
        return data
    }

    /// Loads and decodes, mapping every failure to `UseCaseError` (cancellation stays `CancellationError`).
    private func fetch<Body: Decodable>(_ type: Body.Type, _ request: URLRequest) async throws -> (Body, HTTPURLResponse) {
        let (data, response) = try await load(request, maximumBytes: limits.maximumJSONBytes)
        let body = try mapped { try PayloadDecoder().decode(type, from: data) }
        return (body, response)
    }

    /// Sends the request under `limits` and validates the status; records the rate-limit header.
    /// Only requests to the API carry the key, and only those are kept to its origin.
    private func load(_ request: URLRequest, maximumBytes: Int) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        let policy = HTTPTransport.Policy(
            credentialOrigin: request.value(forHTTPHeaderField: "Authorization") == nil ? nil : HTTPTransport.Origin(baseURL),
            deadline: limits.requestDeadline,
            maximumBytes: maximumBytes
        )
        do {
            (data, response) = try await transport.data(for: request, session: session, policy: policy)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as NetworkError {
            throw UseCaseError.network(error)
        } catch let error as URLError {
            throw UseCaseError.network(Self.networkError(for: error, url: request.url))
        } catch {
            throw UseCaseError.network(.transportFailure(reason: "The request failed."))
        }
        // A response that raced a cancellation is stale: drop it.
        try Task.checkCancellation()
        if let http = response as? HTTPURLResponse, request.url?.host == baseURL.host,
           let remaining = HTTPResponseValidator.rateLimitRemaining(in: http) {
            lastRateLimitRemaining.withLock { $0 = remaining }
        }
        return try mapped { try validator.validatedBody(data: data, response: response) }
    }

    /// Runs `body`, wrapping a `NetworkError` it throws in `UseCaseError.network`.
    private func mapped<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as NetworkError {
            throw UseCaseError.network(error)
        }
    }

    /// Describes a transport failure in words, without the URL's query (it may hold user text).
    static func networkError(for error: URLError, url: URL?) -> NetworkError {
        switch error.code {
        case .badURL, .unsupportedURL:
            return .invalidURL(url.map { "\($0.scheme ?? "")://\($0.host ?? "")\($0.path)" } ?? "")
        case .timedOut:
            return .transportFailure(reason: "The request timed out.")
        case .cannotConnectToHost:
            return .transportFailure(reason: "Could not connect to the server.")
        case .cannotFindHost, .dnsLookupFailed:
            return .transportFailure(reason: "The server could not be found.")
        case .notConnectedToInternet:
            return .transportFailure(reason: "The device is offline.")
        case .networkConnectionLost:
            return .transportFailure(reason: "The connection was lost.")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .transportFailure(reason: "A secure connection could not be made.")
        case .badServerResponse, .cannotParseResponse:
            return .invalidData(reason: "The server's response could not be read.")
        case .zeroByteResource:
            return .invalidData(reason: "The body was empty.")
        default:
            // Linux reports curl failures (a body cut short, say) as `.unknown`, with curl's text.
            if let detail = error.userInfo[NSLocalizedDescriptionKey] as? String, !detail.isEmpty {
                return .transportFailure(reason: "The connection failed: \(detail).")
            }
            return .transportFailure(reason: "The connection failed (error \(error.code.rawValue)).")
        }
    }
}
