import Foundation
import Testing

/// The compiled blocks are the documented ones: every ```swift block of README.md and the
/// DocC articles is in `Generated/` as it is in the Markdown now. A failure names the block's
/// file and line; `Scripts/doc-snippets.py` regenerates `Generated/`.
struct DocSnippetsIndexTests {
    /// The package's root: this file is `Tests/DocSnippetsTests/DocSnippetsIndexTests.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every `Sources/<Module>/<Module>.docc/*.md`, as the script lists them.
    static func markdownFiles() throws -> [String] {
        var files = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let moduleURL = sources.appendingPathComponent(module)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: moduleURL.path) else { continue }
            for catalog in entries.sorted() where catalog.hasSuffix(".docc") {
                let articles = try FileManager.default.contentsOfDirectory(atPath: moduleURL.appendingPathComponent(catalog).path)
                files += articles.filter { $0.hasSuffix(".md") }.map { "Sources/\(module)/\(catalog)/\($0)" }
            }
        }
        return files.sorted { ($0 == "README.md" ? "" : $0) < ($1 == "README.md" ? "" : $1) }
    }

    /// Each block's first code line and the hash the script computes (FNV-1a, 64 bits, of the
    /// annotation, a newline and the code lines joined by newlines).
    static func blocks(in file: String) throws -> [(line: Int, hash: UInt64)] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(line: Int, hash: UInt64)] = []
        var index = 0
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces) == "```swift" {
                var end = index + 1
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
                let annotation = index > 0 ? Self.annotation(lines[index - 1]) : ""
                let code = lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")
                found.append((index + 2, fnv1a(annotation + "\n" + code)))
                index = end
            }
            index += 1
        }
        return found
    }

    /// The text of a `<!-- snippet: … -->` line, or "".
    static func annotation(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return "" }
        let inner = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("snippet:") else { return "" }
        return inner.dropFirst("snippet:".count).trimmingCharacters(in: .whitespaces)
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        return value
    }

    @Test func everySwiftBlockOfTheDocsIsTheOneCompiled() throws {
        var documented: [String: UInt64] = [:]
        for file in try Self.markdownFiles() {
            for block in try Self.blocks(in: file) {
                documented["\(file):\(block.line)"] = block.hash
                let compiled = DocSnippetsIndex.blocks.first { $0.file == file && $0.line == block.line }
                let location = SourceLocation(
                    fileID: "Signals/\(file)", filePath: Self.root.appendingPathComponent(file).path,
                    line: block.line, column: 1
                )
                #expect(
                    compiled?.hash == block.hash,
                    "\(file):\(block.line): this Swift block is not the one compiled; run Scripts/doc-snippets.py",
                    sourceLocation: location
                )
            }
        }
        for block in DocSnippetsIndex.blocks where documented["\(block.file):\(block.line)"] == nil {
            Issue.record("\(block.file):\(block.line): compiled, but no longer in the Markdown; run Scripts/doc-snippets.py")
        }
    }
}
