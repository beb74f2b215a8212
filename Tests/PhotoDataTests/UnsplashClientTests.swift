import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoData
import SignalsPhotoDomain
import SignalsTesting
import Testing

/// The HTTP client against a real loopback server (`Fixtures/server.py`), one server per test.
@Suite(.timeLimit(.minutes(1)), .linuxOnly)
struct UnsplashClientTests {
    typealias Route = LoopbackServer.Route

    static let key = "test-access-key-0123456789"

    private func withServer(
        _ routes: [String: Route],
        _ body: (LoopbackServer, UnsplashPhotoRepository) async throws -> Void
    ) async throws {
        let server = try await LoopbackServer.start(routes: routes)
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        try await body(server, UnsplashPhotoRepository(accessKey: Self.key, baseURL: server.baseURL, session: session))
    }

    private func expectNetworkError(
        _ expected: NetworkError,
        route: Route,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withServer(["/photos": route]) { _, repository in
            await #expect(throws: UseCaseError.network(expected), sourceLocation: sourceLocation) {
                try await repository.editorialPhotos(page: 1, perPage: 10)
            }
        }
    }

    // MARK: Requests

    @Test func editorialPhotosSendsTheKeyVersionAndClampedPagingAndReadsTheTotals() async throws {
        let route = Route(headers: ["X-Total": "45", "X-Ratelimit-Remaining": "49", "X-Ratelimit-Limit": "50"], fixture: "photos.json")
        try await withServer(["/photos": route]) { server, repository in
            let page = try await repository.editorialPhotos(page: 2, perPage: 40)
            #expect(page.items.map(\.id) == ["LBI7cgq3pbM", "Dwu85P9SOIk"])
            #expect(page.total == 45 && page.totalPages == 2 && page.page == 2)
            #expect(repository.rateLimitRemaining == 49)

            let request = try #require(try await server.requests(to: "/photos").first)
            #expect(request.method == "GET")
            #expect(request.params == ["page": ["2"], "per_page": ["30"]])
            #expect(request.header("Authorization") == "Client-ID \(Self.key)")
            #expect(request.header("Accept-Version") == "v1")
        }
    }

    @Test func eachSearchScopeCallsItsEndpointAndReadsTotalAndTotalPages() async throws {
        let routes = [
            "/search/photos": Route(fixture: "search_photos.json"),
            "/search/collections": Route(fixture: "search_collections.json"),
            "/search/users": Route(fixture: "search_users.json"),
        ]
        try await withServer(routes) { server, repository in
            let photos = try await repository.search(.photos, query: "coffee", page: 3, perPage: 20)
            #expect(photos.items.map(\.scope) == [.photos])
            #expect(photos.items.first?.photo?.tags == ["coffee", "café"])
            #expect(photos.total == 133 && photos.totalPages == 7 && photos.page == 3)

            let collections = try await repository.search(.collections, query: "office", page: 1, perPage: 10)
            #expect(collections.items.compactMap(\.collection).map(\.id) == ["2211005", "193913"])
            #expect(collections.total == 237 && collections.totalPages == 80)

            let users = try await repository.search(.users, query: "nasa", page: 1, perPage: 10)
            #expect(users.items.compactMap(\.user).map(\.username) == ["nasa", "nasa_hubble"])
            #expect(users.total == 44 && users.totalPages == 5)

            let request = try #require(try await server.requests(to: "/search/photos").first)
            #expect(request.params == ["query": ["coffee"], "page": ["3"], "per_page": ["20"]])
            #expect(request.header("Authorization") == "Client-ID \(Self.key)")
        }
    }

    @Test(arguments: [
        "coffee & cake",
        "a+b=c #1 50% off?/",
        "crème brûlée 🍮 🏔️ 👩‍👩‍👧",
        String(repeating: "a b&c+d#é", count: 1_112).prefix(10_000).description,
    ])
    func queriesReachTheServerExactlyAsTyped(query: String) async throws {
        try await withServer(["/search/photos": Route(body: #"{"total":0,"total_pages":0,"results":[]}"#)]) { server, repository in
            let page = try await repository.search(.photos, query: query, page: 1, perPage: 10)
            #expect(page == Page(items: [], total: 0, totalPages: 0, page: 1))
            let request = try #require(try await server.requests(to: "/search/photos").first)
            #expect(request.params["query"] == [query])
            #expect(!request.query.contains(" ") && !request.query.contains("#"))
            #expect(request.query.components(separatedBy: "&").count == 3)
        }
    }

    @Test func photoDetailCallsThePhotoPathWithTheIDPercentEncoded() async throws {
        let routes = [
            "/photos/Dwu85P9SOIk": Route(fixture: "photo_detail.json"),
            "/photos/a%2Fb%20c": Route(fixture: "photo_detail_nulls.json"),
        ]
        try await withServer(routes) { server, repository in
            let detail = try await repository.photoDetail(id: "Dwu85P9SOIk")
            #expect(detail.views == 84932 && detail.exif?.iso == 100)
            #expect(try await repository.photoDetail(id: "a/b c").id == "nullsEverywhere")
            #expect(try await server.requests(to: "/photos/a%2Fb%20c").count == 1)
        }
    }

    @Test func photoDetailForAnUnknownIDThrowsNotFound() async throws {
        try await withServer([:]) { _, repository in
            await #expect(throws: UseCaseError.notFound(id: "missing")) { try await repository.photoDetail(id: "missing") }
        }
    }

    @Test func imageDataFetchesTheURLWithoutSendingTheAccessKey() async throws {
        try await withServer(["/image.jpg": Route(headers: ["Content-Type": "image/jpeg"], body: "JPEG-BYTES")]) { server, repository in
            let url = server.baseURL.appendingPathComponent("image.jpg")
            #expect(try await repository.imageData(from: url) == Data("JPEG-BYTES".utf8))
            let request = try #require(try await server.requests(to: "/image.jpg").first)
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test func anEmptyQueryIsRejectedWithoutAnyRequest() async throws {
        // Nothing listens on this port: a request would fail with a transport error instead.
        let refusing = try await LoopbackServer.start(refusing: true)
        defer { refusing.stop() }
        let repository = UnsplashPhotoRepository(accessKey: Self.key, baseURL: refusing.baseURL, session: URLSession(configuration: .ephemeral))
        for scope in SearchScope.allCases {
            await #expect(throws: UseCaseError.emptyQuery) { try await repository.search(scope, query: " \n ", page: 1, perPage: 10) }
        }
    }

    // MARK: Failures

    @Test func unauthorizedCarriesTheServersMessage() async throws {
        try await expectNetworkError(
            .unauthorized(serverMessage: "OAuth error: The access token is invalid"),
            route: Route(status: 401, fixture: "error_401.json")
        )
    }

    @Test func forbiddenCarriesTheServersMessage() async throws {
        try await expectNetworkError(
            .forbidden(serverMessage: "You don't have the permission to access the requested resource."),
            route: Route(status: 403, fixture: "error_403.json")
        )
    }

    @Test func forbiddenWithNoRequestsRemainingIsRateLimiting() async throws {
        try await expectNetworkError(
            .rateLimited(resetDate: Date(timeIntervalSince1970: 1_900_000_000)),
            route: Route(status: 403, headers: ["X-Ratelimit-Remaining": "0", "X-Ratelimit-Reset": "1900000000"], body: "Rate Limit Exceeded")
        )
    }

    @Test func tooManyRequestsReadsRetryAfterAsTheResetTime() async throws {
        let route = Route(status: 429, headers: ["Retry-After": "120", "X-Ratelimit-Remaining": "0"], body: "Rate Limit Exceeded")
        try await withServer(["/photos": route]) { _, repository in
            let before = Date()
            do {
                _ = try await repository.editorialPhotos(page: 1, perPage: 10)
                Issue.record("expected a rate-limit error")
            } catch UseCaseError.network(.rateLimited(let resetDate)) {
                let reset = try #require(resetDate)
                #expect(reset >= before.addingTimeInterval(120) && reset <= Date().addingTimeInterval(120))
                #expect(NetworkError.rateLimited(resetDate: reset).message.contains("Try again after"))
            }
            #expect(repository.rateLimitRemaining == 0)
        }
    }

    @Test func tooManyRequestsWithoutHeadersHasNoResetTime() async throws {
        try await expectNetworkError(.rateLimited(resetDate: nil), route: Route(status: 429, body: ""))
    }

    @Test func serverErrorsCarryTheirCode() async throws {
        try await expectNetworkError(
            .serverError(code: 500, serverMessage: "Something went wrong"),
            route: Route(status: 500, body: #"{"errors":["Something went wrong"]}"#)
        )
        try await expectNetworkError(.serverError(code: 503, serverMessage: nil), route: Route(status: 503, body: "<html>Service Unavailable</html>"))
    }

    @Test func otherStatusCodesAreBadStatus() async throws {
        try await expectNetworkError(.badStatus(code: 418, serverMessage: nil), route: Route(status: 418, body: ""))
    }

    @Test func malformedJSONIsInvalidData() async throws {
        try await expectNetworkError(.invalidData(reason: "The body is not valid JSON."), route: Route(body: #"[{"id": "x", "#))
    }

    @Test func anEmptySuccessfulBodyIsInvalidData() async throws {
        try await expectNetworkError(.invalidData(reason: "The body was empty."), route: Route(body: ""))
    }

    @Test func aMissingRequiredFieldNamesItsPath() async throws {
        try await expectNetworkError(
            .decoding(path: "[1].user.username", reason: "the field is missing."),
            route: Route(fixture: "photos_missing_username.json")
        )
    }

    @Test func aTruncatedBodyIsATransportFailureNotAResult() async throws {
        try await withServer(["/photos": Route(fixture: "photos.json", truncate: 500)]) { _, repository in
            do {
                _ = try await repository.editorialPhotos(page: 1, perPage: 10)
                Issue.record("a truncated body must not decode")
            } catch let error as UseCaseError {
                guard case .network(let network) = error else { Issue.record("unexpected \(error)"); return }
                // Foundation reports the early close (Linux: curl's "transfer closed with 500 bytes
                // remaining"); if a platform ever hands over the short body, the length check catches it.
                switch network {
                case .transportFailure(let reason):
                    #expect(reason.hasPrefix("The connection"))
                case .invalidData(let reason):
                    #expect(reason.contains("cut short"))
                default:
                    Issue.record("unexpected \(network)")
                }
            }
        }
    }

    @Test func aRefusedConnectionIsATransportFailure() async throws {
        let refusing = try await LoopbackServer.start(refusing: true)
        defer { refusing.stop() }
        let repository = UnsplashPhotoRepository(accessKey: Self.key, baseURL: refusing.baseURL, session: URLSession(configuration: .ephemeral))
        await #expect(throws: UseCaseError.network(.transportFailure(reason: "Could not connect to the server."))) {
            try await repository.editorialPhotos(page: 1, perPage: 10)
        }
    }

    // MARK: Cancellation

    @Test func cancellingTheTaskCancelsTheRequestInFlight() async throws {
        // The server would answer after 50 s, so anything well under that is not the response.
        try await withServer(["/search/photos": Route(body: "{}", delay: 50)]) { server, repository in
            let call = Task { try await repository.search(.photos, query: "slow", page: 1, perPage: 10) }
            _ = try await server.requests(to: "/search/photos")
            let cancelled = ContinuousClock.now
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(ContinuousClock.now - cancelled < .seconds(20))
            #expect(await server.abortedRequest(to: "/search/photos"))
        }
    }

    @Test func anAlreadyCancelledTaskSendsNoRequest() async throws {
        // Nothing listens on this port: a request would end in a transport failure, not cancellation.
        let refusing = try await LoopbackServer.start(refusing: true)
        defer { refusing.stop() }
        let repository = UnsplashPhotoRepository(accessKey: Self.key, baseURL: refusing.baseURL, session: URLSession(configuration: .ephemeral))
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await repository.photoDetail(id: "abc")
        }
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    // MARK: Defensive decoding

    @Test func aServerThatOverstatesTotalPagesYieldsAnEmptyPageNotACrash() async throws {
        try await withServer(["/search/photos": Route(body: #"{"total":1500,"total_pages":50,"results":[]}"#)]) { _, repository in
            let page = try await repository.search(.photos, query: "x", page: 7, perPage: 30)
            #expect(page == Page(items: [], total: 1500, totalPages: 50, page: 7))
            #expect(!page.hasNextPage)
        }
    }

    @Test func negativeOrMissingTotalsReadAsZero() async throws {
        try await withServer(["/search/users": Route(body: #"{"total":-4,"total_pages":null}"#)]) { _, repository in
            let page = try await repository.search(.users, query: "x", page: 1, perPage: 30)
            #expect(page == Page(items: [], total: 0, totalPages: 0, page: 1))
        }
    }

    @Test func editorialTotalsAreEstimatedWhenTheServerSendsNone() async throws {
        try await withServer(["/photos": Route(fixture: "photos.json")]) { _, repository in
            let short = try await repository.editorialPhotos(page: 3, perPage: 10)
            #expect(short.total == 22 && short.totalPages == 3 && !short.hasNextPage)
            let full = try await repository.editorialPhotos(page: 3, perPage: 2)
            #expect(full.total == 6 && full.totalPages == 4 && full.hasNextPage)
        }
    }

    // MARK: The access key

    @Test func theAccessKeyNeverAppearsInDescriptionsDumpsOrErrors() async throws {
        try await withServer(["/photos": Route(status: 401, fixture: "error_401.json")]) { _, repository in
            var dumped = ""
            dump(repository, to: &dumped)
            #expect(!dumped.contains(Self.key))
            #expect(!String(describing: repository).contains(Self.key))
            #expect(!String(reflecting: repository).contains(Self.key))
            do {
                _ = try await repository.editorialPhotos(page: 1, perPage: 1)
            } catch {
                #expect(!String(describing: error).contains(Self.key))
                #expect(!error.localizedDescription.contains(Self.key))
            }
        }
    }
}
