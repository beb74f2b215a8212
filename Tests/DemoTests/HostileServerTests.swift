import Foundation
import SignalsTesting
import Testing

/// The `Demo` process against servers that misbehave on purpose: every route ends in a readable
/// message and a defined exit code, nothing from the server reaches the terminal unsanitized,
/// and neither the access key nor a password in `--base-url` leaks.
@Suite(.serialized, .timeLimit(.minutes(5)), .linuxOnly)
struct HostileServerTests {
    typealias Route = ScriptedServer.Route

    static let key = "hostile-test-key-0123"

    /// Text full of terminal controls: OSC title change, screen clear, colours, BEL, C1 CSI and
    /// OSC, a bidi override, DEL, a backspace and a carriage return.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mRED\u{9B}31m\u{9D}0;t\u{9C} \u{202E}evil\u{7F}\u{08}\r!"

    static func json(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }

    static var user: [String: Any] {
        ["id": "u1", "username": "user" + hostile, "name": "Name" + hostile, "location": "Place" + hostile,
         "bio": "Bio" + hostile, "total_photos": 3]
    }

    static var photo: [String: Any] {
        ["id": "p1", "width": 10, "height": 10, "likes": 3, "description": "Desc" + hostile,
         "urls": ["thumb": "http://127.0.0.1:9/t", "small": "http://127.0.0.1:9/s", "regular": "http://127.0.0.1:9/r"],
         "user": user, "tags": [["title": "tag" + hostile]]]
    }

    static var hostileRoutes: [String: Route] {
        var detail = photo
        detail["location"] = ["name": "Where" + hostile, "city": "City" + hostile]
        detail["exif"] = ["make": "Make" + hostile, "model": "Model" + hostile]
        return [
            "/photos": Route(headers: ["X-Total": "1"], body: json([photo])),
            "/photos/p1": Route(body: json(detail)),
            "/search/photos": Route(body: json(["total": 1, "total_pages": 1, "results": [photo]])),
            "/search/collections": Route(body: json(["total": 1, "total_pages": 1, "results": [
                ["id": "c1", "title": "Coll" + hostile, "description": "About" + hostile, "total_photos": 2, "user": user],
            ]])),
            "/search/users": Route(body: json(["total": 1, "total_pages": 1, "results": [user]])),
        ]
    }

    /// Whether `text` holds anything that could act on a terminal (line feeds aside).
    static func hasActiveCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
            default: false
            }
        }
    }

    private func runDemo(
        _ routes: [String: Route],
        _ arguments: [String] = [],
        input: String = ""
    ) async throws -> (DemoProcess.Outcome, String) {
        let server = try await ScriptedServer.start(routes)
        let run = try await DemoProcess.run(
            arguments + ["--base-url", server.baseURL], input: input,
            environment: ["UNSPLASH_ACCESS_KEY": Self.key], timeout: .seconds(120)
        )
        let log = await server.stop()
        #expect(!run.timedOut)
        #expect(!Self.hasActiveCharacters(run.standardOutput), "stdout: \(run.standardOutput.debugDescription)")
        #expect(!Self.hasActiveCharacters(run.standardError), "stderr: \(run.standardError.debugDescription)")
        return (run, log)
    }

    // MARK: Terminal injection (item 6)

    @Test func hostileTextFromTheServerIsShownInertInTheTour() async throws {
        let (run, _) = try await runDemo(Self.hostileRoutes)
        #expect(run.standardOutput.contains("Tour finished"))
        #expect(run.standardOutput.contains("␛]0;pwned␇␛[2J␛[31mRED"))
        #expect(!run.standardOutput.contains("evil\u{7F}"))
    }

    @Test func hostileTextAndTypedEscapesAreShownInertInTheRepl() async throws {
        let input = "search x\u{1B}[2J\nopen 1\ninfo\nscope collections\nsearch y\nscope users\nsearch z\n\u{1B}]0;typed\u{07}\nquit\n"
        let (run, _) = try await runDemo(Self.hostileRoutes, ["repl"], input: input)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("Name␇␛[H") || run.standardOutput.contains("Name␛]0;pwned␇"))
        #expect(run.standardOutput.contains("␛]0;typed␇"))
        #expect(run.standardOutput.contains("Bye."))
    }

    @Test func aHostileErrorBodyIsShownInert() async throws {
        let body = Self.json(["errors": ["Denied" + Self.hostile]])
        let (tour, _) = try await runDemo(["/photos": Route(status: 401, body: body)])
        #expect(tour.exitCode == 1)
        #expect(tour.standardOutput.contains("The access key was rejected (401)."))
        // The REPL shows the whole message, the server's words included.
        let (repl, _) = try await runDemo(["/photos": Route(status: 401, body: body)], ["repl"], input: "quit\n")
        #expect(repl.exitCode == 0, "stderr: \(repl.standardError)")
        #expect(repl.standardOutput.contains("The server said: Denied␛]0;pwned␇"))
    }

    // MARK: Numbers (items 1 and 2)

    @Test func anXTotalOfIntMaxRunsTheTourAndTheRepl() async throws {
        var routes = Self.hostileRoutes
        routes["/photos"] = Route(headers: ["X-Total": "9223372036854775807"], body: Self.json(Array(repeating: Self.photo, count: 10)))
        let (tour, _) = try await runDemo(routes)
        #expect(tour.standardOutput.contains("Tour finished"))
        let (repl, _) = try await runDemo(routes, ["repl"], input: "next\nnext\nquit\n")
        #expect(repl.exitCode == 0 && repl.standardOutput.contains("Bye."), "stderr: \(repl.standardError)")
    }

    @Test func anAbsurdRetryAfterEndsTheTourWithARateLimitMessage() async throws {
        let limited = Route(status: 429, headers: ["Retry-After": "1e300", "X-Ratelimit-Reset": "1e300"], body: "")
        let (run, _) = try await runDemo(["/photos": limited, "/search/photos": limited])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("Too many requests (rate limited). Try again after 9999-12-31T23:59:59Z."))
        #expect(run.standardError.contains("requests failed"))
    }

    // MARK: Redirects, deadline, size (items 3, 4, 5)

    @Test func aRedirectToAnotherPortIsRefusedAndTheKeyStaysHome() async throws {
        let other = try await ScriptedServer.start(["/photos": Route(body: "[]")])
        let away = Route(status: 302, headers: ["Location": "\(other.baseURL)/photos"], body: "")
        let (run, _) = try await runDemo(["/photos": away, "/search/photos": away])
        let otherLog = await other.stop()
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("The server redirected to another address (http://127.0.0.1:\(other.port))"))
        #expect(!otherLog.contains("request "))
        #expect(!otherLog.contains(Self.key))
    }

    @Test func aServerThatNeverAnswersEndsEachRequestAtTheDeadline() async throws {
        let silent = Route(body: "[]", delay: 60)
        let start = ContinuousClock.now
        let (run, _) = try await runDemo(["/photos": silent, "/search/photos": silent], ["--timeout", "0.3"])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("The server did not answer in time: the whole request may take 300 ms."))
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func aHugeBodyEndsWithASizeMessage() async throws {
        let (run, _) = try await runDemo(["/photos": Route(size: 50_000_000)])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("The server's response was larger than the 4 MiB limit, so it was not read."))
    }

    // MARK: Credentials in --base-url (item 7)

    @Test func aPasswordInTheBaseURLIsRedactedInStatusLines() async throws {
        let server = try await ScriptedServer.start(Self.hostileRoutes)
        let url = "http://user:s3cret-pw@127.0.0.1:\(server.port)"
        let run = try await DemoProcess.run(["--base-url", url], environment: ["UNSPLASH_ACCESS_KEY": Self.key])
        _ = await server.stop()
        #expect(run.standardOutput.contains("the Unsplash API at http://<redacted>@127.0.0.1:\(server.port)"))
        #expect(!run.standardOutput.contains("s3cret") && !run.standardError.contains("s3cret"))
    }

    @Test(arguments: [
        ["--base-url", "ftp://user:s3cret-pw@127.0.0.1/"],
        ["--base-url", "user:s3cret-pw@127.0.0.1"],
        ["http://user:s3cret-pw@127.0.0.1/"],
        ["--base-url", "http://user:s3cret-pw@127.0.0.1/", "--latency", "5"],
    ])
    func aPasswordInABadArgumentIsRedactedInTheUsageError(arguments: [String]) async throws {
        let run = try await DemoProcess.run(arguments)
        #expect(run.exitCode == 64)
        #expect(run.standardError.hasPrefix("error: "))
        #expect(!run.standardError.contains("s3cret") && !run.standardOutput.contains("s3cret"))
    }

    @Test func timeoutAppliesToHTTPSourcesOnly() async throws {
        let run = try await DemoProcess.run(["--timeout", "5"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains("--timeout applies to an HTTP source only"))
        for bad in ["0", "-1", "nan", "301", "1e400"] {
            let invalid = try await DemoProcess.run(["--base-url", "http://127.0.0.1:9", "--timeout", bad])
            #expect(invalid.exitCode == 64, "--timeout \(bad)")
        }
    }
}
