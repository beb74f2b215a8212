import Foundation
import SignalsTesting
import Testing

/// The documented Package.swift fragments are valid manifests: each one, completed into a
/// whole manifest under `Manifests/`, loads with `swift package dump-package`.
@Suite(.linuxOnly, .timeLimit(.minutes(3))) struct DocManifestTests {
    @Test(arguments: DocSnippetsIndex.manifests.map(\.directory))
    func aDocumentedPackageFragmentLoadsAsAManifest(directory: String) throws {
        let entry = try #require(DocSnippetsIndex.manifests.first { $0.directory == directory })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package"]
        process.currentDirectoryURL = DocSnippetsIndexTests.root
            .appendingPathComponent("Tests/DocSnippetsTests").appendingPathComponent(directory)
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // A manifest load that never ends is stopped (and then fails the status check) within the limit.
        DispatchQueue.global().asyncAfter(deadline: .now() + 150) { if process.isRunning { process.terminate() } }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0,
            "\(entry.file):\(entry.line): this Package.swift fragment does not load (its line 1 is the manifest's line 8):\n\(message)"
        )
    }

    @Test func theDocsInstallTheLatestReleasedVersion() throws {
        // The version a user depends on is the newest one CHANGELOG.md has released (its first
        // `## [x.y.z]` heading, `[Unreleased]` aside): never a branch, never a stale version.
        let changelog = try String(
            contentsOf: DocSnippetsIndexTests.root.appendingPathComponent("CHANGELOG.md"),
            encoding: .utf8
        )
        let released = changelog.split(separator: "\n").lazy
            .filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
            .compactMap { $0.dropFirst(4).split(separator: "]").first.map(String.init) }
            .first
        let version = try #require(released, "CHANGELOG.md has no released version")
        for entry in DocSnippetsIndex.manifests {
            let manifest = try String(
                contentsOf: DocSnippetsIndexTests.root.appendingPathComponent("Tests/DocSnippetsTests/\(entry.directory)/Package.swift"),
                encoding: .utf8
            )
            #expect(manifest.contains("from: \"\(version)\""), "\(entry.file):\(entry.line) installs Signals without from: \"\(version)\", CHANGELOG.md's latest version")
            #expect(!manifest.contains("branch: \""), "\(entry.file):\(entry.line) installs a branch, not a version")
        }
    }
}
