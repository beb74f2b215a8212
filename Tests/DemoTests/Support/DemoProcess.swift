import Foundation
import Signals

/// The built `Demo` executable, run as a child process with scripted stdin, bounded by a
/// timeout after which it is killed.
///
/// SwiftPM builds `Demo` because the test target depends on it, into the same directory as
/// the test bundle (`.build/<triple>/debug/`), so it is found next to the running test binary.
enum DemoProcess {
    /// What a run produced.
    struct Outcome: Sendable {
        var exitCode: Int32
        var standardOutput: String
        var standardError: String
        /// Whether the run was killed for taking longer than its timeout.
        var timedOut: Bool

        /// The standard output's lines.
        var lines: [String] { standardOutput.components(separatedBy: "\n") }
    }

    enum LookupError: Error, CustomStringConvertible {
        case notFound([String])

        var description: String {
            switch self {
            case .notFound(let places): "The Demo executable was not found; looked in: \(places.joined(separator: ", "))"
            }
        }
    }

    /// The `Demo` executable next to the test binary.
    static func executableURL() throws -> URL {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // On macOS the test bundle is a directory: `…/debug/X.xctest/Contents/MacOS/X`.
        directories += directories.map { $0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        // `Demo` where SwiftPM runs in the package's folder; elsewhere (Package.swift's
        // `demoProduct`) SwiftPM names the executable after its target.
        for directory in directories {
            for name in ["Demo", "SignalsDemo"] {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        throw LookupError.notFound(directories.map(\.path))
    }

    /// Runs `Demo` with `arguments`, writing `input` to its stdin (then closing it), with the
    /// test's environment minus `UNSPLASH_ACCESS_KEY`, plus `environment`. Kills it after
    /// `timeout` (a watchdog, not a wait: a normal run ends long before).
    static func run(
        _ arguments: [String],
        input: String = "",
        environment: [String: String] = [:],
        timeout: Duration = .seconds(120)
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment["UNSPLASH_ACCESS_KEY"] = nil
        processEnvironment.merge(environment) { _, new in new }
        process.environment = processEnvironment

        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError

        let exited = Exit()
        process.terminationHandler = { process in exited.signal(process.terminationStatus) }
        try process.run()

        // Read both pipes on their own threads so a full pipe never blocks the child.
        async let output = readToEnd(standardOutput.fileHandleForReading)
        async let errors = readToEnd(standardError.fileHandleForReading)
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try? standardInput.fileHandleForWriting.close()

        let watchdog = DispatchWorkItem { [process] in
            exited.markTimedOut()
            process.terminate()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds, execute: watchdog)
        let status = await exited.wait()
        watchdog.cancel()

        return Outcome(
            exitCode: status,
            standardOutput: String(decoding: await output, as: UTF8.self),
            standardError: String(decoding: await errors, as: UTF8.self),
            timedOut: exited.timedOut
        )
    }

    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: handle.readDataToEndOfFile())
            }
        }
    }
}

/// The child's exit status, delivered once from the termination handler to one waiter.
private final class Exit: Sendable {
    private struct State {
        var status: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
        var timedOut = false
    }

    private let state = Locked(State())

    func signal(_ status: Int32) {
        let waiter = state.withLock { state -> CheckedContinuation<Int32, Never>? in
            state.status = status
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: status)
    }

    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = state.withLock { state -> Int32? in
                if let status = state.status { return status }
                state.waiter = continuation
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    func markTimedOut() {
        state.withLock { $0.timedOut = true }
    }

    var timedOut: Bool { state.withLock { $0.timedOut } }
}

extension Duration {
    /// The duration in seconds, for Dispatch.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
