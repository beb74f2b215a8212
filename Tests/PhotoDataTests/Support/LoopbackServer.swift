import SignalsPhotoData
import Signals
import Foundation

/// `Fixtures/server.py` running as a child process on 127.0.0.1, for one test.
///
/// Start it with the routes the test needs, read `baseURL`, and `stop()` it at the end (it
/// also exits on its own after two minutes or when this process goes away).
final class LoopbackServer: Sendable {
    /// What the server does for one path; see `server.py` for the fields' meaning.
    struct Route: Encodable, Sendable {
        var status = 200
        var headers: [String: String] = [:]
        var body: String?
        var fixture: String?
        var delay: Double?
        var truncate: Int?
        var size: Int?
        var omitLength: Bool?
        var trickle: Double?
        var chunkDelay: Double?

        private enum CodingKeys: String, CodingKey {
            case status, headers, body, fixture, delay, truncate, size, trickle
            case omitLength = "omit_length"
            case chunkDelay = "chunk_delay"
        }
    }

    /// One request as the server logged it.
    struct RecordedRequest: Decodable, Sendable {
        var method: String
        var path: String
        var query: String
        var params: [String: [String]]
        var headers: [String: String]

        /// A header by case-insensitive name.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    enum ServerError: Error {
        case noPort([String])
    }

    let port: Int
    let log: LineLog
    private let process: Locked<Process?>
    private let stdin: FileHandle

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(port: Int, log: LineLog, process: Process, stdin: FileHandle) {
        self.port = port
        self.log = log
        self.process = Locked(process)
        self.stdin = stdin
    }

    /// Starts a server answering `routes`; with `refusing`, a port that refuses connections.
    static func start(routes: [String: Route] = [:], refusing: Bool = false) async throws -> LoopbackServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", try Fixtures.serverScript.path]
        arguments += ["--routes", String(decoding: try JSONEncoder().encode(routes), as: UTF8.self)]
        if refusing { arguments.append("--refuse") }
        process.arguments = arguments
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        let log = LineLog()
        let reader = output.fileHandleForReading
        let thread = Thread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    log.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            log.finish()
        }
        try process.run()
        thread.start()
        guard let line = await log.firstLine(where: { $0.hasPrefix("port ") }),
              let port = Int(line.dropFirst("port ".count))
        else {
            process.terminate()
            throw ServerError.noPort(log.lines)
        }
        return LoopbackServer(port: port, log: log, process: process, stdin: input.fileHandleForWriting)
    }

    /// The requests logged for `path`, waiting until at least `count` have arrived.
    func requests(to path: String, atLeast count: Int = 1) async throws -> [RecordedRequest] {
        _ = await log.line(number: count) { Self.request(in: $0)?.path == path }
        return log.lines.compactMap(Self.request(in:)).filter { $0.path == path }
    }

    /// Waits until the server logged that the client went away while `path` was pending.
    func abortedRequest(to path: String) async -> Bool {
        await log.firstLine { $0 == "aborted \(path)" } != nil
    }

    /// Waits until the server logged that it stopped writing `path`'s body because the client
    /// went away; returns how many bytes it had written, or `nil` if it wrote them all.
    func stoppedWriting(_ path: String) async -> Int? {
        let line = await log.firstLine { $0.hasPrefix("stopped \(path) ") || $0 == "served 200 \(path)" }
        return line.flatMap { $0.hasPrefix("stopped ") ? Int($0.split(separator: " ").last ?? "") : nil }
    }

    /// Terminates the server. Does not wait for it to exit (Foundation reaps it), so no
    /// shared concurrency thread is blocked.
    func stop() {
        let process = self.process.withLock { process in
            defer { process = nil }
            return process
        }
        guard let process else { return }
        try? stdin.close()
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }

    private static func request(in line: String) -> RecordedRequest? {
        guard line.hasPrefix("request ") else { return nil }
        return try? JSONDecoder().decode(RecordedRequest.self, from: Data(line.dropFirst("request ".count).utf8))
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LoopbackServer {
    /// The access key the tests' repositories send.
    static let testKey = "test-access-key-0123456789"

    /// Runs `body` with a server answering `routes` and a repository pointed at it; stops the
    /// server and the session afterwards.
    static func withRepository(
        _ routes: [String: Route],
        limits: HTTPLimits = HTTPLimits(),
        _ body: (LoopbackServer, UnsplashPhotoRepository) async throws -> Void
    ) async throws {
        let server = try await LoopbackServer.start(routes: routes)
        defer { server.stop() }
        try await body(server, UnsplashPhotoRepository(accessKey: testKey, baseURL: server.baseURL, limits: limits))
    }
}
