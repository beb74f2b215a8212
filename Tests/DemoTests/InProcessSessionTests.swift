import SignalsDemoSupport
import Signals
import Testing

/// The tour and the REPL run in the test process (so the thread sanitizer sees the requests'
/// tasks, the network and the driver together), with a terminal made of closures.
@MainActor
struct InProcessSessionTests {
    @Test func tourRunsEveryStepInProcess() async throws {
        let source = try PhotoSource.make(for: DemoConfiguration(), appliesLatency: false)
        var lines: [String] = []
        await Tour(source: source) { lines.append($0) }.run()
        #expect(lines.contains("1. The editorial list appears: page 1 loads"))
        #expect(lines.contains { $0.contains("search.error = \"Couldn't reach the server: Simulated failure.\"") })
        #expect(lines.last?.hasPrefix("Tour finished: 13 steps, 28 inputs") == true)
    }

    @Test func replRunsAScriptInProcess() async throws {
        let terminal = ScriptedTerminal(["ocean", "open 1", "next", "prev", "back", "scope users", "cancel"])
        let source = try PhotoSource.make(for: DemoConfiguration(mode: .repl), appliesLatency: true)
        await ReplSession(source: source, terminal: terminal.terminal).run()
        let output = terminal.output
        #expect(output.contains("Searching photos for \"ocean\":"))
        #expect(output.contains("Photo 1 / 10 — "))
        #expect(output.contains("Photo 2 / 10 — "))
        #expect(output.contains("Closed at photo 1."))
        #expect(output.contains("Searching users for \"ocean\":"))
        #expect(output.hasSuffix("Bye.\n"))
    }

    @Test func demoCommandReturnsUsageExitCodesWithoutExiting() async {
        let terminal = ScriptedTerminal([])
        let code = await DemoCommand.run(arguments: ["--bogus"], environment: [:], terminal: terminal.terminal)
        #expect(code == 64)
        #expect(terminal.errors.hasPrefix("error: Unknown option '--bogus'."))
    }
}

/// A terminal that reads scripted lines and collects what is written.
final class ScriptedTerminal: Sendable {
    private struct State {
        var lines: [String]
        var output = ""
        var errors = ""
    }

    private let state: Locked<State>

    init(_ lines: [String]) {
        state = Locked(State(lines: lines))
    }

    var terminal: Terminal {
        Terminal(
            writeOutput: { text in self.state.withLock { $0.output += text } },
            writeErrorOutput: { text in self.state.withLock { $0.errors += text } },
            readLine: { self.state.withLock { $0.lines.isEmpty ? nil : $0.lines.removeFirst() } },
            isInteractive: false
        )
    }

    var output: String { state.withLock { $0.output } }
    var errors: String { state.withLock { $0.errors } }
}
