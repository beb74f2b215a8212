import Foundation

/// A tiny Unsplash-compatible server on 127.0.0.1 (python3), serving the embedded catalog, so
/// `Demo --base-url` can be tested without the network.
///
/// It answers `GET /photos`, `/photos/:id`, `/search/{photos,collections,users}` and
/// `/images/:id` (image URLs are rewritten to point back at it), logs each request's path and
/// `Authorization` header on stdout, and exits when its stdin closes or after two minutes.
/// One test uses it at a time.
final class StubUnsplashServer {
    let port: Int
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    /// Output read along with the port line.
    private let pending: Data

    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, process: Process, input: FileHandle, output: FileHandle, pending: Data) {
        self.port = port
        self.process = process
        self.input = input
        self.output = output
        self.pending = pending
    }

    enum StartError: Error {
        case noPort(String)
    }

    /// Starts the server; its first stdout line is `port <n>`. The blocking reads run on a
    /// Dispatch thread, not on the test's cooperative pool.
    static func start() async throws -> StubUnsplashServer {
        try await offThePool { try startBlocking() }
    }

    private static func startBlocking() throws -> StubUnsplashServer {
        let catalog = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PhotoData/Resources/catalog.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, catalog.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()

        let reader = output.fileHandleForReading
        var buffer = Data()
        var firstLine: String?
        while firstLine == nil {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                firstLine = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer = Data(buffer[buffer.index(after: newline)...])
            }
        }
        guard let firstLine, firstLine.hasPrefix("port "), let port = Int(firstLine.dropFirst(5)) else {
            process.terminate()
            throw StartError.noPort(firstLine ?? "")
        }
        return StubUnsplashServer(port: port, process: process, input: input.fileHandleForWriting, output: reader, pending: buffer)
    }

    /// Stops the server (closing its stdin makes it exit) and returns every request it logged,
    /// as `GET path Authorization` lines in arrival order.
    func stop() async -> [String] {
        let server = UncheckedSendable(self)
        return await offThePool { server.value.stopBlocking() }
    }

    private func stopBlocking() -> [String] {
        try? input.close()
        let rest = output.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: pending + rest, as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    deinit {
        try? input.close()
        if process.isRunning { process.terminate() }
    }

    /// Runs blocking work on a Dispatch thread so it never holds a cooperative-pool thread.
    private static func offThePool<T>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { UncheckedSendable(try work()) }.map(\.value)) }
        }
    }

    private func offThePool<T>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: UncheckedSendable(work()).value) }
        }
    }

    private static let script = #"""
        import json, sys, threading, os, unicodedata
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import urlsplit, parse_qs

        catalog = json.load(open(sys.argv[1]))
        photos = catalog["photos"]
        by_id = {p["id"]: p for p in photos}

        def fold(text):
            return "".join(c for c in unicodedata.normalize("NFD", (text or "").lower()) if unicodedata.category(c) != "Mn")

        def photo_text(p):
            return " ".join([p.get("description") or "", p.get("alt_description") or "", p["user"]["name"]] + [t["title"] for t in p.get("tags", [])])

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send_json(self, body, headers={}, status=200):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

            def photo(self, p):
                host = "http://127.0.0.1:%d/images/%s" % (self.server.server_port, p["id"])
                return dict(p, urls={size: host + "?size=" + size for size in ["raw", "full", "regular", "small", "thumb"]})

            def do_GET(self):
                url = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(url.query).items()}
                print("GET %s %s" % (url.path, self.headers.get("Authorization")), flush=True)
                page = int(query.get("page", "1"))
                per_page = int(query.get("per_page", "10"))
                start = (page - 1) * per_page
                parts = url.path.strip("/").split("/")
                if parts == ["photos"]:
                    self.send_json([self.photo(p) for p in photos[start:start + per_page]], {"X-Total": str(len(photos))})
                elif len(parts) == 2 and parts[0] == "photos" and parts[1] in by_id:
                    self.send_json(self.photo(by_id[parts[1]]))
                elif len(parts) == 2 and parts[0] == "search":
                    words = fold(query.get("query", "")).split()
                    if parts[1] == "photos":
                        items = [self.photo(p) for p in photos if all(w in fold(photo_text(p)) for w in words)]
                    elif parts[1] == "collections":
                        items = [c for c in catalog["collections"] if all(w in fold(c.get("title")) for w in words)]
                    else:
                        items = [u for u in catalog["users"] if all(w in fold(u["name"] + " " + (u.get("location") or "")) for w in words)]
                    total_pages = (len(items) + per_page - 1) // per_page
                    self.send_json({"total": len(items), "total_pages": total_pages, "results": items[start:start + per_page]})
                elif len(parts) == 2 and parts[0] == "images":
                    data = b"P6 1 1 255\n\x80\x80\x80"
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                else:
                    self.send_json({"errors": ["Not found"]}, status=404)

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print("port %d" % server.server_port, flush=True)
        def exit_when_stdin_closes():
            sys.stdin.read()
            os._exit(0)
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
        threading.Timer(120, lambda: os._exit(0)).start()
        server.serve_forever()
        """#
}

/// Carries a value the test hands from one thread to the next, one at a time.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
