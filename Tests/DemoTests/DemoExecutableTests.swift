import Foundation
import SignalsTesting
import Testing

/// The built `Demo` executable, run as a process: the tour, a scripted REPL session, help,
/// and every kind of bad argument. Key lines only, not the whole text.
@Suite(.serialized, .linuxOnly)
struct DemoExecutableTests {
    // MARK: - The tour

    @Test func tourWalksThroughEveryStepAndPrintsTheSameTextOnEveryRun() async throws {
        let run = try await DemoProcess.run([])
        let again = try await DemoProcess.run(["tour"])
        #expect(again.exitCode == 0)
        #expect(again.standardOutput == run.standardOutput)
        #expect(run.exitCode == 0)
        #expect(!run.timedOut)
        #expect(run.standardError.isEmpty)
        let text = run.standardOutput
        let expectedLines = [
            "1. The editorial list appears: page 1 loads",
            "   0.100s ▶ list.appeared",
            "   0.300s  list.insertedIndexPaths = items 0…9 (10)",
            "  list.insertedIndexPaths = items 10…19 (10)",
            "  detail.position = \"3 / 20\"",
            "  cell[0].image = 3,613 bytes",
            "▶ search.queryChanged(\"mountain\")",
            "  search.query = \"mountain\"",
            "  search.insertedIndexPaths = items 10…19 (10)",
            "  search.error = \"Couldn't reach the server: Simulated failure.\"",
            "▶ search.retryTapped",
            "  search.scope = collections",
            "  search.scope = users",
            "  search.hasResults = false",
            "  search.validationMessage = \"Type something to search for.\"",
            "│ requests sent: 0",
            "▶ search.cancelTapped",
            "Marble lines over the tour",
            "Tour finished: 13 steps",
        ]
        for line in expectedLines {
            #expect(text.contains(line), "missing: \(line)")
        }
        // Marble lines: one per main output, each ending in an event.
        let marbles = run.lines.filter { $0.hasPrefix("  search.isLoading ") || $0.hasPrefix("  list.isLoading ") }
        #expect(marbles.count == 2)
        #expect(marbles.allSatisfy { $0.hasSuffix("f") })
    }

    @Test func latencyOptionStretchesTheTourInVirtualTime() async throws {
        let run = try await DemoProcess.run(["--latency", "500"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("each request answers 500 ms after it is sent"))
        #expect(run.standardOutput.contains("   0.600s  list.insertedIndexPaths = items 0…9 (10)"))
    }

    @Test func failRateMakesTheTourShowErrorsWithoutFailingIt() async throws {
        let run = try await DemoProcess.run(["--fail-rate", "1"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("list.error = \"Couldn't reach the server: Simulated failure.\""))
        #expect(run.standardOutput.contains("Tour finished: 13 steps"))
    }

    // MARK: - The REPL

    @Test func scriptedReplSessionSearchesPagesOpensAndCancels() async throws {
        let script = """
            mountain
            next
            open 2
            info
            next
            back
            scope collections
            open 1
            search
            zebra crossing
            cancel
            quit
            """
        let run = try await DemoProcess.run(["repl"], input: script + "\n")
        #expect(run.exitCode == 0)
        #expect(!run.timedOut)
        let text = run.standardOutput
        let expectedLines = [
            "Signals Demo REPL on the embedded catalog (1,200 photos).",
            "editorial> mountain",
            "Searching photos for \"mountain\":",
            "loading…",
            "  11. ",
            "(20 shown; `next` for more, `open <n>` to open one)",
            "Photo 2 / 20 — ",
            "  Info: ",
            "Photo 3 / 20 — ",
            "Closed at photo 3.",
            "Searching collections for \"mountain\":",
            "Collection \"",
            "⚠ Type something to search for.",
            "No results for \"zebra crossing\" in collections.",
            "Editorial photos (10 loaded; `next` for more):",
            "Bye.",
        ]
        for line in expectedLines {
            #expect(text.contains(line), "missing: \(line)")
        }
    }

    @Test func replEndsCleanlyAtEndOfInput() async throws {
        let run = try await DemoProcess.run(["repl"], input: "next\nhelp")
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("  11. "))
        #expect(run.standardOutput.contains("Commands:"))
        #expect(run.standardOutput.hasSuffix("Bye.\n"))
    }

    @Test func replExplainsMisusedCommands() async throws {
        let run = try await DemoProcess.run(["repl"], input: "open 99\nscope planets\nprev\ninfo\n")
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("There is no result 99; pick 1…10."))
        #expect(run.standardOutput.contains("Use `scope photos`, `scope collections` or `scope users`."))
        #expect(run.standardOutput.contains("`prev` moves between photos"))
        #expect(run.standardOutput.contains("`info` loads a photo's details again"))
    }

    @Test func failRateMakesRequestsFailAndRetryTriesAgain() async throws {
        let run = try await DemoProcess.run(["repl", "--fail-rate", "1"], input: "retry\nocean\nretry\n")
        #expect(run.exitCode == 0)
        let errors = run.lines.filter { $0 == "Error: Couldn't reach the server: Simulated failure. Type `retry` to try again." }
        #expect(errors.count == 4)
    }

    @Test func retryWithNothingToRetrySaysSo() async throws {
        let run = try await DemoProcess.run(["repl"], input: "retry\nocean\nretry\n")
        #expect(run.exitCode == 0)
        #expect(run.lines.filter { $0 == "Nothing to retry: no request has failed." }.count == 2)
    }

    @Test func latencyOptionMakesTheReplWaitAndShowLoading() async throws {
        let run = try await DemoProcess.run(["repl", "--latency", "50"], input: "ocean\n")
        #expect(run.exitCode == 0)
        #expect(run.lines.filter { $0 == "loading…" }.count == 2)
        #expect(run.standardOutput.contains("Searching photos for \"ocean\":"))
    }

    // MARK: - An Unsplash-compatible server on loopback

    @Test func baseURLRunsTheTourAgainstAnUnsplashCompatibleServer() async throws {
        let server = try await StubUnsplashServer.start()
        let run = try await DemoProcess.run(
            ["--base-url", server.baseURL],
            environment: ["UNSPLASH_ACCESS_KEY": "test-key"]
        )
        let requests = await server.stop()
        #expect(run.exitCode == 0)
        #expect(run.standardError.isEmpty)
        let text = run.standardOutput
        #expect(text.contains("the Unsplash API at \(server.baseURL)"))
        #expect(text.contains("list.insertedIndexPaths = items 0…9 (10)"))
        #expect(text.contains("cell[0].image = 14 bytes"))
        #expect(text.contains("search.error = \"Couldn't reach the server: Simulated failure.\""))
        #expect(text.contains("search.scope = users"))
        #expect(requests.contains("GET /photos Client-ID test-key"))
        #expect(requests.contains("GET /search/photos Client-ID test-key"))
        #expect(requests.contains("GET /search/collections Client-ID test-key"))
        // The access key goes to the API only, never to image hosts.
        #expect(requests.contains { $0.hasPrefix("GET /images/") && $0.hasSuffix(" None") })
        #expect(!requests.contains { $0.hasPrefix("GET /images/") && $0.contains("test-key") })
    }

    @Test func baseURLRunsTheReplAgainstAnUnsplashCompatibleServer() async throws {
        let server = try await StubUnsplashServer.start()
        let run = try await DemoProcess.run(["repl", "--base-url", server.baseURL], input: "ocean\nopen 1\ninfo\n")
        let requests = await server.stop()
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("Searching photos for \"ocean\":"))
        #expect(run.standardOutput.contains("  Info: "))
        #expect(requests.contains("GET /search/photos Client-ID demo"))
    }

    @Test func anUnreachableServerFailsTheTourWithExitCode1() async throws {
        // Port 9 (discard) on loopback: nothing listens there, so connections are refused.
        let run = try await DemoProcess.run(["--base-url", "http://127.0.0.1:9"])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("list.error = \"Couldn't reach the server"))
        #expect(run.standardError.contains("requests failed"))
    }

    // MARK: - Help and bad arguments

    @Test(arguments: [["--help"], ["-h"], ["help"], ["repl", "--help"]])
    func helpPrintsUsageAndExitsZero(arguments: [String]) async throws {
        let run = try await DemoProcess.run(arguments)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.hasPrefix("USAGE: swift run Demo [tour | repl | browse | help] [options]"))
        #expect(run.standardOutput.contains("--fail-rate <p>"))
        #expect(run.standardError.isEmpty)
    }

    @Test(arguments: [
        (["--bogus"], "Unknown option '--bogus'."),
        (["frobnicate"], "Unknown command 'frobnicate'."),
        (["tour", "repl"], "Unexpected argument 'repl'"),
        (["--latency", "abc"], "--latency 'abc' is not valid"),
        (["--latency"], "--latency needs a value."),
        (["--latency", "-5"], "--latency '-5' is not valid"),
        (["--fail-rate", "2"], "--fail-rate '2' is not valid"),
        (["--fail-rate", "nan"], "--fail-rate 'nan' is not valid"),
        (["--base-url", "not a url"], "--base-url 'not a url' is not valid"),
        (["--unsplash", "--latency", "10"], "--latency applies to the embedded catalog only"),
    ])
    func badArgumentsPrintUsageAndExit64(arguments: [String], message: String) async throws {
        let run = try await DemoProcess.run(arguments)
        #expect(run.exitCode == 64)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("error: "))
        #expect(run.standardError.contains(message))
        #expect(run.standardError.contains("USAGE: swift run Demo"))
    }

    @Test func unsplashWithoutAnAccessKeyExplainsAndExits78() async throws {
        let run = try await DemoProcess.run(["--unsplash"])
        #expect(run.exitCode == 78)
        #expect(run.standardError.contains("--unsplash needs an access key: set UNSPLASH_ACCESS_KEY"))
        #expect(run.standardOutput.isEmpty)
    }
}
