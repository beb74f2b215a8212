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

    @Test func theDocsInstallTheBranchTheRepositoryHasNotAVersionTag() throws {
        // The repository has no release tag: `from: "x.y.z"` cannot resolve, `branch: "main"` can.
        for entry in DocSnippetsIndex.manifests {
            let manifest = try String(
                contentsOf: DocSnippetsIndexTests.root.appendingPathComponent("Tests/DocSnippetsTests/\(entry.directory)/Package.swift"),
                encoding: .utf8
            )
            #expect(manifest.contains(#"branch: "main""#), "\(entry.file):\(entry.line) installs Signals without branch: \"main\"")
            #expect(!manifest.contains("from: \""), "\(entry.file):\(entry.line) installs a version the repository has no tag for")
        }
    }
}
