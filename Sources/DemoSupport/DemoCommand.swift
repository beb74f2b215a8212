import Foundation

/// The Demo executable's whole behaviour: parse the arguments, pick the source, run the tour
/// or the REPL, and return the exit code. `Sources/Demo/main.swift` only calls ``run(arguments:environment:)``.
package enum DemoCommand {
    /// Runs the Demo with `arguments` (without the program name) and returns its exit code;
    /// see ``DemoExitCode``.
    ///
    /// ```swift
    /// exit(await DemoCommand.run(arguments: ["repl"], environment: ProcessInfo.processInfo.environment))
    /// ```
    @MainActor
    package static func run(
        arguments: [String],
        environment: [String: String],
        terminal: Terminal = .standard
    ) async -> Int32 {
        let configuration: DemoConfiguration
        do {
            configuration = try DemoConfiguration.parse(arguments, environment: environment)
        } catch {
            // The message quotes what was typed: sanitized, like all text from input.
            terminal.writeError("error: \(TerminalText.sanitized(error.message))")
            terminal.writeError("")
            terminal.writeError(DemoUsage.text, newline: false)
            return error.exitCode
        }

        if configuration.mode == .help {
            terminal.write(DemoUsage.text, newline: false)
            return DemoExitCode.success
        }

        let source: PhotoSource
        do {
            source = try PhotoSource.make(for: configuration, appliesLatency: configuration.mode != .tour)
        } catch {
            terminal.writeError("error: \(TerminalText.sanitized(error.localizedDescription))")
            return DemoExitCode.failure
        }

        switch configuration.mode {
        case .tour:
            let tour = Tour(source: source, latency: configuration.latency ?? Tour.defaultLatency) { terminal.write($0) }
            await tour.run()
            // With --fail-rate the errors are what was asked for.
            if tour.unexpectedErrorCount > 0, configuration.failureRate == 0 {
                terminal.writeError(TerminalText.sanitized(
                    "error: \(tour.unexpectedErrorCount) requests failed (see the timeline); "
                        + "check that \(source.summary) is reachable."
                ))
                return DemoExitCode.failure
            }
        case .repl:
            let session = ReplSession(source: source, terminal: terminal)
            await session.run()
        case .browse:
            guard let device = terminal.device else {
                terminal.writeError("error: `browse` needs a terminal (stdin and stdout must be a TTY); try `repl` for scripts.")
                return DemoExitCode.failure
            }
            var title = source.summary
            if let latency = configuration.latency { title += " · latency \(DemoFormat.milliseconds(latency))" }
            if configuration.failureRate > 0 { title += " · fail rate \(configuration.failureRate)" }
            let session = BrowseSession(
                source: source, title: title, terminal: terminal, device: device,
                colorMode: .detect(environment: environment)
            )
            await session.run()
        case .help:
            break
        }
        return DemoExitCode.success
    }
}
