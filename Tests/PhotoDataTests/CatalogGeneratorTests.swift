import Foundation
import Testing

/// The committed catalog must be exactly what its deterministic generator writes.
@Suite struct CatalogGeneratorTests {
    @Test(.timeLimit(.minutes(1)))
    func theCommittedCatalogMatchesWhatTheGeneratorWrites() throws {
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
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
