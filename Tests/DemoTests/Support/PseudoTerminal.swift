import Foundation
import Signals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `Demo` executable run on a pseudo-terminal (openpty): the test types into the
/// master side as a person would and reads what the program draws. Waits are on output, with
/// generous deadlines that only fail a test (they never pace it).
final class PseudoTerminal: Sendable {
    struct TimedOut: Error, CustomStringConvertible {
        let waitingFor: String
        let output: String
        var description: String { "Timed out waiting for \(waitingFor); output so far:\n\(output.debugDescription)" }
    }

    private struct State {
        var output = Data()
        var isClosed = false
        var waiters: [(id: Int, predicate: @Sendable (String) -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextWaiter = 0
    }

    /// The master side's descriptor, closed when both the terminal and its reader thread are
    /// done with it (so a later test's pseudo-terminal can never get the number while this
    /// one's reader still reads).
    private final class Descriptor: Sendable {
        let value: Int32
        init(_ value: Int32) { self.value = value }
        deinit { close(value) }
    }

    private let descriptor: Descriptor
    var master: Int32 { descriptor.value }
    private let process: Process
    private let state = Locked(State())
    private let exit = Locked<(status: Int32?, waiter: CheckedContinuation<Int32, Never>?)>((nil, nil))

    /// Starts `Demo arguments` on a new pseudo-terminal of `rows` × `columns`.
    init(_ arguments: [String], rows: Int = 24, columns: Int = 100, environment: [String: String] = [:]) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
        let descriptor = Descriptor(master)
        self.descriptor = descriptor

        process = Process()
        process.executableURL = try DemoProcess.executableURL()
        process.arguments = arguments
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment["UNSPLASH_ACCESS_KEY"] = nil
        processEnvironment["TERM"] = "xterm-256color"
        processEnvironment.merge(environment) { _, new in new }
        process.environment = processEnvironment
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        let exit = self.exit
        process.terminationHandler = { process in
            let waiter = exit.withLock { state -> CheckedContinuation<Int32, Never>? in
                state.status = process.terminationStatus
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: process.terminationStatus)
        }
        try process.run()
        close(slave)

        let thread = Thread { [state] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor.value, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                // Each waiter learns whether its predicate held on the output as it stood then: a
                // suffix that later output moves on from still counts as seen.
                let ready = state.withLock { state -> [(CheckedContinuation<Bool, Never>, Bool)] in
                    if count > 0 { state.output.append(contentsOf: buffer[0..<count]) } else { state.isClosed = true }
                    let text = String(decoding: state.output, as: UTF8.self)
                    var ready: [(CheckedContinuation<Bool, Never>, Bool)] = []
                    state.waiters.removeAll { waiter in
                        let matched = waiter.predicate(text)
                        guard matched || state.isClosed else { return false }
                        ready.append((waiter.continuation, matched))
                        return true
                    }
                    return ready
                }
                for (continuation, matched) in ready { continuation.resume(returning: matched) }
                if count <= 0 { return }
            }
        }
        thread.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything the program wrote so far.
    var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

    /// The screen the output draws, decoded at `rows` × `columns`.
    func screen(rows: Int = 24, columns: Int = 100) -> [String] {
        ScreenDecoder.decode(output, rows: rows, columns: columns)
    }

    /// Types `text` (keys as the terminal sends them).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the output satisfies `predicate` (or the program ends); throws after `deadline`.
    @discardableResult
    func waitFor(
        _ description: String, deadline: Duration = .seconds(60), _ predicate: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        let satisfied = await wait(until: predicate, deadline: deadline)
        let text = output
        guard satisfied else { throw TimedOut(waitingFor: description, output: text) }
        return text
    }

    /// Returns `true` once the output satisfies `predicate`; `false` if it ends without, or
    /// after `deadline`.
    private func wait(until predicate: @escaping @Sendable (String) -> Bool, deadline: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let (answer, id) = state.withLock { state -> (Bool?, Int) in
                let matched = predicate(String(decoding: state.output, as: UTF8.self))
                if matched || state.isClosed { return (matched, 0) }
                state.nextWaiter += 1
                state.waiters.append((state.nextWaiter, predicate, continuation))
                return (nil, state.nextWaiter)
            }
            if let answer {
                continuation.resume(returning: answer)
                return
            }
            // A watchdog, not a pace: it fires only if the output never comes.
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline.seconds) { [state] in
                let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                waiter?.resume(returning: false)
            }
        }
    }

    /// Waits until the output contains `text`.
    @discardableResult
    func waitFor(_ text: String, deadline: Duration = .seconds(60)) async throws -> String {
        try await waitFor("\"\(text)\"", deadline: deadline) { $0.contains(text) }
    }

    /// Resizes the terminal and tells the program, as a terminal emulator does.
    func resize(rows: Int, columns: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(process.processIdentifier, SIGWINCH)
    }

    /// Sends `signal` to the program.
    func send(signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Whether the terminal is in its ordinary (cooked) mode: line editing and echo on.
    var isInCookedMode: Bool {
        var mode = termios()
        guard tcgetattr(master, &mode) == 0 else { return false }
        return mode.c_lflag & tcflag_t(ICANON) != 0 && mode.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Waits for the program to exit (killing it after `deadline`) and for the last of its
    /// output to be read; returns its status.
    func waitForExit(deadline: Duration = .seconds(60)) async -> Int32 {
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.seconds, execute: watchdog)
        defer { watchdog.cancel() }
        let status = await withCheckedContinuation { continuation in
            let status = exit.withLock { state -> Int32? in
                if let status = state.status { return status }
                state.waiter = continuation
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
        _ = await wait(until: { _ in false }, deadline: deadline)
        return status
    }
}

/// Decodes the text a program wrote to a terminal into the screen a person sees: cursor moves,
/// erases and line feeds are applied; colours and modes are skipped.
enum ScreenDecoder {
    static func decode(_ output: String, rows: Int, columns: Int) -> [String] {
        var screen = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        var row = 0
        var column = 0
        let characters = Array(output)
        var index = 0
        func clear(_ r: Int, from start: Int) {
            guard r >= 0, r < rows else { return }
            for c in max(0, start)..<columns { screen[r][c] = " " }
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "\u{1B}" {
                guard index < characters.count else { break }
                if characters[index] == "[" {
                    index += 1
                    var parameters = ""
                    while index < characters.count, let ascii = characters[index].asciiValue, (0x20...0x3F).contains(ascii) {
                        parameters.append(characters[index])
                        index += 1
                    }
                    guard index < characters.count else { break }
                    let final = characters[index]
                    index += 1
                    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    let first = max(1, numbers.first ?? 1)
                    switch final {
                    case "H":
                        row = min(rows - 1, max(0, first - 1))
                        column = min(columns - 1, max(0, (numbers.count > 1 ? max(1, numbers[1]) : 1) - 1))
                    case "A": row = max(0, row - first)
                    case "B": row = min(rows - 1, row + first)
                    case "C": column = min(columns - 1, column + first)
                    case "D": column = max(0, column - first)
                    case "K": clear(row, from: column)
                    case "J":
                        if parameters == "2" {
                            for r in 0..<rows { clear(r, from: 0) }
                        } else {
                            clear(row, from: column)
                            for r in (row + 1)..<max(row + 1, rows) { clear(r, from: 0) }
                        }
                    default: break
                    }
                } else {
                    index += 1
                }
            } else if character == "\r\n" || character == "\n" {
                if character == "\r\n" { column = 0 }
                if row == rows - 1 { screen.removeFirst(); screen.append(Array(repeating: " ", count: columns)) } else { row += 1 }
            } else if character == "\r" {
                column = 0
            } else if column < columns {
                screen[row][column] = character
                column += 1
            }
        }
        return screen.map { String($0) }
    }
}
