import Foundation
import SignalsTesting
import Testing

/// The committed catalog must be exactly what its deterministic generator writes.
@Suite(.linuxOnly) struct CatalogGeneratorTests {
    @Test(.timeLimit(.minutes(1)))
    func theCommittedCatalogMatchesWhatTheGeneratorWrites() async throws {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = packageRoot.appendingPathComponent("Scripts/generate_catalog.py")
        try #require(FileManager.default.fileExists(atPath: script.path), "run from a checkout of the package")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--check"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        // Wait on the termination handler, not `waitUntilExit()`, so no shared thread is blocked.
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let text = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(status == 0, "\(text)")
    }
}
