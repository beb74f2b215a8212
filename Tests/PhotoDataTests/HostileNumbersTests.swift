import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import SignalsPhotoData
import SignalsPhotoDomain
import SignalsTesting
import Testing

/// Numbers a server controls (headers, JSON totals and counts, reset times) never trap: each
/// is read, clamped or rejected with a typed error as `PageTotals` and the DocC article "The Demo" (Data sources) document.
@Suite(.timeLimit(.minutes(1)), .linuxOnly)
struct HostileNumbersTests {
    typealias Route = LoopbackServer.Route

    static let onePhoto = #"[{"id":"a","urls":{"thumb":"http://127.0.0.1:1/a"},"user":{"id":"u","username":"u"}}]"#

    @Test func anXTotalOfIntMaxIsReadWithoutOverflowingThePageCount() async throws {
        let route = Route(headers: ["X-Total": "9223372036854775807"], body: Self.onePhoto)
        try await LoopbackServer.withRepository(["/photos": route]) { _, repository in
            let page = try await repository.editorialPhotos(page: 1, perPage: 10)
            #expect(page.total == Int.max)
            #expect(page.totalPages == Int.max / 10 + 1)
            #expect(page.hasNextPage)
        }
    }

    @Test func anXTotalBeyondIntIsClampedAndAGarbageOneIsIgnored() async throws {
        let routes = [
            "/photos": Route(headers: ["X-Total": "  99999999999999999999999999 "], body: Self.onePhoto),
        ]
        try await LoopbackServer.withRepository(routes) { _, repository in
            let page = try await repository.editorialPhotos(page: 1, perPage: 30)
            #expect(page.total == Int.max && page.totalPages == Int.max / 30 + 1)
        }
        for garbage in ["-5", "1e300", "0x10", "+7", ""] {
            try await LoopbackServer.withRepository(["/photos": Route(headers: ["X-Total": garbage], body: Self.onePhoto)]) { _, repository in
                // Ignored: a short page with no usable total is the last one.
                let page = try await repository.editorialPhotos(page: 4, perPage: 10)
                #expect(page.total == 31 && page.totalPages == 4, "X-Total: \(garbage)")
            }
        }
    }

    @Test func estimatedTotalsSaturateInsteadOfOverflowing() {
        let full = PageTotals.editorial(totalHeader: nil, page: Int.max, perPage: 30, count: 30)
        #expect(full.total == Int.max && full.totalPages == Int.max)
        let short = PageTotals.editorial(totalHeader: nil, page: Int.max, perPage: 30, count: 3)
        #expect(short.total == Int.max && short.totalPages == Int.max)
        let empty = PageTotals.editorial(totalHeader: "0", page: 1, perPage: 30, count: 0)
        #expect(empty.total == 0 && empty.totalPages == 0)
        #expect(PageTotals.pages(total: Int.max, perPage: 1) == Int.max)
    }

    @Test func searchTotalsBeyondIntAreATypedDecodingErrorNotATrap() async throws {
        for body in [#"{"total":1e30,"total_pages":1,"results":[]}"#, #"{"total":1,"total_pages":99999999999999999999,"results":[]}"#] {
            try await LoopbackServer.withRepository(["/search/photos": Route(body: body)]) { _, repository in
                await #expect(throws: UseCaseError.self) {
                    try await repository.search(.photos, query: "x", page: 1, perPage: 10)
                }
            }
        }
    }

    @Test func negativeCountsReadAsZeroAndHugeOnesAreATypedError() async throws {
        let negative = #"[{"id":"a","width":-1,"height":-2,"likes":-3,"urls":{"thumb":"http://127.0.0.1:1/a"},"user":{"id":"u","username":"u","total_photos":-4}}]"#
        try await LoopbackServer.withRepository(["/photos": Route(body: negative)]) { _, repository in
            let photo = try #require(try await repository.editorialPhotos(page: 1, perPage: 10).items.first)
            #expect([photo.width, photo.height, photo.likes, photo.user.totalPhotos] == [Int](repeating: 0, count: 4))
        }
        let huge = #"[{"id":"a","likes":18446744073709551616,"urls":{"thumb":"http://127.0.0.1:1/a"},"user":{"id":"u","username":"u"}}]"#
        try await LoopbackServer.withRepository(["/photos": Route(body: huge)]) { _, repository in
            await #expect(throws: UseCaseError.self) { try await repository.editorialPhotos(page: 1, perPage: 10) }
        }
    }

    @Test(arguments: [
        ["Retry-After": "1e300"],
        ["X-Ratelimit-Reset": "1e300"],
        ["Retry-After": "99999999999999999999999"],
        ["X-Ratelimit-Reset": "1.7976931348623157e308"],
    ])
    func anAbsurdRateLimitResetIsShownWithoutTrapping(headers: [String: String]) async throws {
        try await LoopbackServer.withRepository(["/photos": Route(status: 429, headers: headers, body: "")]) { _, repository in
            do {
                _ = try await repository.editorialPhotos(page: 1, perPage: 10)
                Issue.record("expected a rate-limit error")
            } catch let error as UseCaseError {
                #expect(error.message == "Too many requests (rate limited). Try again after 9999-12-31T23:59:59Z.")
            }
        }
    }

    @Test func formattingAnyDateNeverTraps() {
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: .nan)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.string(from: .distantFuture) == "4001-01-01T00:00:00Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -1e300)) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -.infinity)) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

}

/// Dates past 2038 (beyond a 32-bit `Int` of seconds), parsed and formatted as on 64-bit systems.
@Suite struct TimestampRangeTests {
    @Test func timestampsAfter2038RoundTrip() throws {
        // Seconds since 1970 pass Int32.max on 2038-01-19: the arithmetic is Int64, so 32-bit
        // watchOS parses and formats them as 64-bit systems do.
        let date = try #require(Timestamp.date(from: "2040-02-29T12:34:56Z"))
        #expect(date.timeIntervalSince1970 == 2_214_131_696)
        #expect(Timestamp.string(from: date) == "2040-02-29T12:34:56Z")
        let offset = try #require(Timestamp.date(from: "2100-01-01T00:00:00+02:00"))
        #expect(Timestamp.string(from: offset) == "2099-12-31T22:00:00Z")
    }
}
