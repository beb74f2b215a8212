import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoData
import SignalsPhotoDomain
import SignalsTesting
import Testing

/// The HTTP client's bounds against misbehaving loopback servers: the access key never leaves
/// the configured origin on a redirect, every request has a whole-request deadline, and bodies
/// are capped while they arrive.
@Suite(.timeLimit(.minutes(1)), .linuxOnly)
struct BoundedRequestTests {
    typealias Route = LoopbackServer.Route

    static let photos = #"[{"id":"a","urls":{"thumb":"http://127.0.0.1:1/a"},"user":{"id":"u","username":"u"}}]"#

    // MARK: Redirects

    @Test func aRedirectToAnotherPortIsRefusedAndTheKeyNeverReachesIt() async throws {
        let other = try await LoopbackServer.start(routes: ["/photos": Route(body: Self.photos), "/marker": Route(body: "{}")])
        defer { other.stop() }
        let route = Route(status: 302, headers: ["Location": "\(other.baseURL.absoluteString)/photos"], body: "")
        try await LoopbackServer.withRepository(["/photos": route]) { server, repository in
            await #expect(throws: UseCaseError.network(.redirectRefused(destination: "http://127.0.0.1:\(other.port)"))) {
                try await repository.editorialPhotos(page: 1, perPage: 10)
            }
            let sent = try await server.requests(to: "/photos").first
            #expect(sent?.header("Authorization") == "Client-ID \(LoopbackServer.testKey)")
            // The other server logs requests in arrival order: once the marker is there, a
            // followed redirect would be too.
            _ = try await URLSession(configuration: .ephemeral).data(from: other.baseURL.appendingPathComponent("marker"))
            _ = try await other.requests(to: "/marker")
            #expect(other.log.lines.filter { $0.hasPrefix("request ") }.count == 1)
            #expect(!other.log.lines.contains { $0.contains(LoopbackServer.testKey) })
        }
    }

    @Test func aRedirectToAnotherHostNameOnTheSamePortIsRefusedToo() async throws {
        try await LoopbackServer.withRepository([:]) { server, _ in
            let route = Route(status: 301, headers: ["Location": "http://localhost:\(server.port)/photos"], body: "")
            try await LoopbackServer.withRepository(["/photos": route]) { _, repository in
                await #expect(throws: UseCaseError.network(.redirectRefused(destination: "http://localhost:\(server.port)"))) {
                    try await repository.editorialPhotos(page: 1, perPage: 10)
                }
            }
        }
    }

    @Test func aRedirectWithinTheConfiguredOriginIsFollowedWithTheKey() async throws {
        let routes = [
            "/photos": Route(status: 307, headers: ["Location": "/v2/photos?page=1"], body: ""),
            "/v2/photos": Route(headers: ["X-Total": "1"], body: Self.photos),
        ]
        try await LoopbackServer.withRepository(routes) { server, repository in
            let page = try await repository.editorialPhotos(page: 1, perPage: 10)
            #expect(page.items.map(\.id) == ["a"] && page.total == 1)
            let followed = try #require(try await server.requests(to: "/v2/photos").first)
            #expect(followed.header("Authorization") == "Client-ID \(LoopbackServer.testKey)")
        }
    }

    @Test func imageRequestsFollowRedirectsToOtherHostsWithoutAnyKey() async throws {
        let imageHost = try await LoopbackServer.start(routes: ["/image.jpg": Route(headers: ["Content-Type": "image/jpeg"], body: "JPEGDATA")])
        defer { imageHost.stop() }
        let routes = ["/img": Route(status: 302, headers: ["Location": "\(imageHost.baseURL.absoluteString)/image.jpg"], body: "")]
        try await LoopbackServer.withRepository(routes) { server, repository in
            let data = try await repository.imageData(from: server.baseURL.appendingPathComponent("img"))
            #expect(String(decoding: data, as: UTF8.self) == "JPEGDATA")
            let request = try #require(try await imageHost.requests(to: "/image.jpg").first)
            #expect(request.header("Authorization") == nil)
        }
    }

    // MARK: Deadline

    @Test func aServerThatNeverAnswersTimesOutAtTheDeadline() async throws {
        let limits = HTTPLimits(requestDeadline: .milliseconds(500))
        try await LoopbackServer.withRepository(["/photos": Route(body: "[]", delay: 50)], limits: limits) { server, repository in
            let start = ContinuousClock.now
            await #expect(throws: UseCaseError.network(.timedOut(deadline: .milliseconds(500)))) {
                try await repository.editorialPhotos(page: 1, perPage: 10)
            }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(20))
            await expectAbortedIfReceived("/photos", by: server)
        }
    }

    @Test func aServerThatTricklesItsBodyIsCutOffAtTheDeadline() async throws {
        // 400 bytes, one every 50 ms: each read is quick, the whole would take 20 s.
        let route = Route(body: String(repeating: " ", count: 398) + "[]", trickle: 0.05)
        let limits = HTTPLimits(requestDeadline: .seconds(1))
        try await LoopbackServer.withRepository(["/photos": route], limits: limits) { server, repository in
            let start = ContinuousClock.now
            await #expect(throws: UseCaseError.network(.timedOut(deadline: .seconds(1)))) {
                try await repository.editorialPhotos(page: 1, perPage: 10)
            }
            #expect(ContinuousClock.now - start < .seconds(15))
            await expectAbortedIfReceived("/photos", by: server)
        }
    }

    /// Under load the deadline can pass before the request is even sent, and only a request that
    /// reached the server can be aborted: a marker request, sent after the timeout, orders the log.
    private func expectAbortedIfReceived(_ path: String, by server: LoopbackServer) async {
        _ = try? await URLSession(configuration: .ephemeral).data(from: server.baseURL.appendingPathComponent("marker"))
        _ = try? await server.requests(to: "/marker")
        if server.log.lines.contains(where: { $0.hasPrefix("request ") && $0.contains("\"\(path)\"") }) {
            #expect(await server.abortedRequest(to: path))
        }
    }

    @Test func theTimeoutMessageNamesTheDeadline() {
        #expect(NetworkError.timedOut(deadline: .seconds(30)).message
            == "The server did not answer in time: the whole request may take 30 s.")
        #expect(NetworkError.timedOut(deadline: .milliseconds(250)).message.hasSuffix("may take 250 ms."))
        #expect(NetworkError.timedOut(deadline: .milliseconds(1_500)).message.hasSuffix("may take 1.500 s."))
        #expect(NetworkError.timedOut(deadline: .seconds(Int64.max)).isRetryable)
    }

    // MARK: Size caps

    @Test func anAnnouncedBodyOverTheJSONCapFailsBeforeItIsRead() async throws {
        let limits = HTTPLimits(maximumJSONBytes: 1 << 20)
        let route = Route(size: 2_000_000_000, chunkDelay: 0.001)
        try await LoopbackServer.withRepository(["/photos": route], limits: limits) { server, repository in
            let start = ContinuousClock.now
            await #expect(throws: UseCaseError.network(.responseTooLarge(limit: 1 << 20))) {
                try await repository.editorialPhotos(page: 1, perPage: 10)
            }
            #expect(ContinuousClock.now - start < .seconds(15))
            let written = try #require(await server.stoppedWriting("/photos"))
            #expect(written < 2_000_000_000)
        }
    }

    @Test func anUnannouncedBodyIsCountedAndCutOffAtTheCapWithBoundedMemory() async throws {
        // 2 GB without a Content-Length, at up to 64 MB/s: read whole, it would show in the peak
        // resident size. (Paced because FoundationNetworking queues chunks for the delegate
        // without backpressure: a loopback flood outruns a starved delegate queue.)
        let limits = HTTPLimits(maximumJSONBytes: 1 << 20)
        let peakBefore = PeakMemory.residentBytes()
        let route = Route(size: 2_000_000_000, omitLength: true, chunkDelay: 0.001)
        try await LoopbackServer.withRepository(["/photos": route], limits: limits) { server, repository in
            await #expect(throws: UseCaseError.network(.responseTooLarge(limit: 1 << 20))) {
                try await repository.editorialPhotos(page: 1, perPage: 10)
            }
            let written = try #require(await server.stoppedWriting("/photos"))
            #expect(written < 2_000_000_000)
        }
        // Not under a sanitizer: its shadow memory counts in the resident size, and its slowdown
        // starves the delegate queue while FoundationNetworking keeps reading ahead of it (no
        // back-pressure; see `HTTPLimits`), so the peak then measures the sanitizer, not the cap.
        if !Sanitizer.isActive, let before = peakBefore, let after = PeakMemory.residentBytes() {
            #expect(after - before < 256 << 20, "peak resident size grew by \(after - before) bytes")
        }
    }

    @Test func imagesHaveTheirOwnCap() async throws {
        let limits = HTTPLimits(maximumJSONBytes: 1_000, maximumImageBytes: 4_000)
        let routes = ["/small.jpg": Route(size: 3_000), "/large.jpg": Route(size: 5_000)]
        try await LoopbackServer.withRepository(routes, limits: limits) { server, repository in
            let small = try await repository.imageData(from: server.baseURL.appendingPathComponent("small.jpg"))
            #expect(small.count == 3_000)
            await #expect(throws: UseCaseError.network(.responseTooLarge(limit: 4_000))) {
                try await repository.imageData(from: server.baseURL.appendingPathComponent("large.jpg"))
            }
        }
    }

    @Test func aBodyExactlyAtTheCapIsRead() async throws {
        let body = #"{"total":0,"total_pages":0,"results":[]}"#
        let limits = HTTPLimits(maximumJSONBytes: body.utf8.count)
        try await LoopbackServer.withRepository(["/search/photos": Route(body: body, omitLength: true)], limits: limits) { _, repository in
            let page = try await repository.search(.photos, query: "x", page: 1, perPage: 10)
            #expect(page.items.isEmpty)
        }
    }

    @Test func theSizeMessageNamesTheCap() {
        #expect(NetworkError.responseTooLarge(limit: 4 << 20).message
            == "The server's response was larger than the 4 MiB limit, so it was not read.")
        #expect(NetworkError.responseTooLarge(limit: 1_000).message.contains("the 1000-byte limit"))
    }
}

/// Whether this test process runs under ThreadSanitizer or AddressSanitizer: their runtimes
/// export `__tsan_init` / `__asan_init` (`swift test --sanitize=…`).
enum Sanitizer {
    static let isActive: Bool = {
        #if os(Linux)
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
        #else
        return false
        #endif
    }()
}

/// The process's peak resident size (`VmHWM`), where the platform reports it.
enum PeakMemory {
    static func residentBytes() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1_024
        #else
        return nil
        #endif
    }
}
