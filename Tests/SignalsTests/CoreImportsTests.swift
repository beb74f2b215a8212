import Foundation
import Testing

/// The core promises to need only the standard library, plus the platform's C library and
/// Dispatch where a scheduler needs them (and Combine or OpenCombine for the bridge, where they
/// exist): no Foundation, so that a client that avoids Foundation can depend on it.
@Suite(.deadlockWatchdog) struct CoreImportsTests {
    static let allowed: Set<String> = [
        "CSignalsAtomics", "Darwin", "Glibc", "Musl", "Dispatch", "Synchronization",
        "Combine", "OpenCombine",
        // Bridges/Observable+Combine.swift, compiled by the Bridges package against OpenCombine.
        "Signals",
    ]

    /// `Sources/Signals`, found from this file's path.
    static var coreDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SignalsTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Sources/Signals")
    }

    /// The module each `import` line of `source` names (`import struct Foundation.Date` names
    /// Foundation; attributes such as `@preconcurrency` or `@_exported` are skipped).
    static func importedModules(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import" else { return nil }
            words.removeFirst()
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
            if let first = words.first, kinds.contains(first) { words.removeFirst() }
            return words.first.map { String($0.split(separator: ".")[0]) }
        }
    }

    @Test func theParserFindsEveryFormOfImport() {
        let source = """
        import Foundation
        @preconcurrency import Dispatch
        import struct FoundationEssentials.Date
        // import Nothing
        let imported = 1
        """
        #expect(Self.importedModules(in: source) == ["Foundation", "Dispatch", "FoundationEssentials"])
    }

    @Test func theCoreImportsNoFoundation() throws {
        let files = try Self.swiftFiles(under: Self.coreDirectory)
        #expect(files.count > 20, "found \(files.count) Swift files under \(Self.coreDirectory.path)")
        for file in files {
            let source = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for module in Self.importedModules(in: source) {
                #expect(Self.allowed.contains(module), "\(file.path) imports \(module)")
            }
        }
    }

    /// The core's own articles show the core: a Swift block in them imports no Foundation
    /// either (the NotificationCenter bridge's example lives with SignalsFoundation), so a
    /// search of `Sources/Signals` for a Foundation import finds none.
    @Test func theCoreArticlesImportNoFoundation() throws {
        let articles = try Self.files(under: Self.coreDirectory, endingWith: ".md")
        #expect(articles.count > 5, "found \(articles.count) articles under \(Self.coreDirectory.path)")
        for article in articles {
            let text = String(decoding: try Data(contentsOf: article), as: UTF8.self)
            for module in Self.importedModules(in: text) {
                #expect(!module.hasPrefix("Foundation"), "\(article.path) shows an import of \(module)")
            }
        }
    }

    /// Every `.swift` file below `directory`.
    static func swiftFiles(under directory: URL) throws -> [URL] {
        try files(under: directory, endingWith: ".swift")
    }

    /// Every file below `directory` whose name ends with `suffix` (a name that does not is
    /// tried as a directory).
    static func files(under directory: URL, endingWith suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).flatMap { name -> [URL] in
            let url = directory.appendingPathComponent(name)
            if name.hasSuffix(suffix) { return [url] }
            guard (try? FileManager.default.contentsOfDirectory(atPath: url.path)) != nil else { return [] }
            return try files(under: url, endingWith: suffix)
        }
    }
}
