import Foundation

/// `Tests/PhotoDataTests/Fixtures/server.py` as a child process on 127.0.0.1, answering fixed
/// routes (path → status, headers, body; see the script), for running the `Demo` process
/// against a misbehaving server. Exits when stopped, when its stdin closes, or after two minutes.
final class ScriptedServer: @unchecked Sendable {
    // Unchecked: `process` and the handles are used only by `start` and `stop`, one after the other.

    /// One path's answer, in the script's route format.
    struct Route: Encodable {
        var status = 200
        var headers: [String: String] = [:]
        var body: String?
        var size: Int?
        var delay: Double?
    }

    enum StartError: Error {
        case noPort(String)
    }

    let port: Int
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle

    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, process: Process, input: FileHandle, output: FileHandle) {
        self.port = port
        self.process = process
        self.input = input
        self.output = output
    }

    /// Starts the server; the blocking read of its port runs on a Dispatch thread.
    static func start(_ routes: [String: Route]) async throws -> ScriptedServer {
        let arguments = String(decoding: try JSONEncoder().encode(routes), as: UTF8.self)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try startBlocking(routes: arguments) })
            }
        }
    }

    private static func startBlocking(routes: String) throws -> ScriptedServer {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PhotoDataTests/Fixtures/server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--routes", routes]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw StartError.noPort(line)
        }
        return ScriptedServer(port: port, process: process, input: input.fileHandleForWriting, output: reader)
    }

    /// Stops the server and returns everything it logged (one `request {json}` line per request).
    func stop() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                try? self.input.close()
                self.process.terminate()
                let rest = self.output.readDataToEndOfFile()
                self.process.waitUntilExit()
                continuation.resume(returning: String(decoding: rest, as: UTF8.self))
            }
        }
    }

    deinit {
        try? input.close()
        if process.isRunning { process.terminate() }
    }
}
