import Foundation
import Testing

/// No test can hang the suite (issue 34, item 5): every test that waits (for another thread, a
/// task, the main actor, a child process) has a time limit on itself or its suite, so a
/// deadlock fails that test by name; and no blocking `wait()` is without a timeout anywhere in
/// Tests/, since a time limit cannot interrupt a thread blocked in one. This reads the test
/// sources, as CoreImportsTests reads the core's, so a new waiting test cannot forget it.
@Suite(.deadlockWatchdog) struct WaitingTestsTimeLimitTests {
    /// Files whose waits are another change's to bound: listed, not skipped silently. Remove a
    /// line once that file passes.
    static let pending: [String: String] = [:]

    /// What counts as waiting in a test: a continuation, a semaphore or group wait, threads it
    /// joins, a child process, an async sequence or task it awaits to the end, a bounded helper.
    static let waits: [(pattern: String, name: String)] = [
        (#"\bwith(Checked|Unsafe)(Throwing)?Continuation\b"#, "a continuation"),
        (#"\.wait\("#, "a wait"),
        (#"\bconcurrentPerform\b"#, "concurrentPerform"),
        (#"\bprocessExitsWith\b"#, "an exit test"),
        (#"\bwaitUntilExit\b"#, "a child process"),
        (#"\bfor\s+(try\s+)?await\b"#, "a for-await loop"),
        (#"\bawait\s+[A-Za-z_][A-Za-z_0-9]*\.value\b|\}\.value\b"#, "a task's value"),
        (#"\b(awaitBounded|runBounded|waitOrFail)\b"#, "a bounded wait"),
    ]

    /// Whether `line` has a blocking wait with no timeout (`semaphore.wait()`, `group.wait()`):
    /// nothing can interrupt one, so it is refused wherever it is, helpers included. A line that
    /// awaits (`await gate.wait()`) is an async wait.
    static func hasUnboundedBlockingWait(_ line: String) -> Bool {
        line.contains(".wait()") && firstMatch(#"\bawait\b"#, in: line) == nil
    }

    /// Whether `line` may hold a wait (a cheap test before the regular expressions).
    static func mayWait(_ line: String) -> Bool {
        ["wait", "Continuation", "concurrentPerform", "processExitsWith", "await", ".value", "Bounded"]
            .contains { line.contains($0) }
    }

    struct Finding: Equatable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// `source` with the contents of string literals and comments replaced by spaces (so that
    /// code quoted in a string, or a word in a comment, is not read as code); lines kept.
    static func codeOnly(_ source: String) -> [String] {
        enum Mode { case code, string(multiline: Bool, hashes: Int), lineComment, blockComment(depth: Int) }
        var modes: [Mode] = [.code]
        var interpolationDepths: [Int] = []  // paren depth inside each open `\(`
        var output = ""
        let characters = Array(source)
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            var position = position
            for character in text {
                guard position < characters.count, characters[position] == character else { return false }
                position += 1
            }
            return true
        }
        while index < characters.count {
            let character = characters[index]
            switch modes.last! {
            case .code:
                if starts("//", at: index) {
                    modes.append(.lineComment)
                    output += "  "
                    index += 2
                    continue
                }
                if starts("/*", at: index) {
                    modes.append(.blockComment(depth: 1))
                    output += "  "
                    index += 2
                    continue
                }
                var hashes = 0
                while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                if index + hashes < characters.count, characters[index + hashes] == "\"" {
                    let multiline = starts("\"\"\"", at: index + hashes)
                    let length = hashes + (multiline ? 3 : 1)
                    output += String(characters[index..<(index + length)])
                    index += length
                    modes.append(.string(multiline: multiline, hashes: hashes))
                    continue
                }
                if !interpolationDepths.isEmpty {
                    if character == "(" { interpolationDepths[interpolationDepths.count - 1] += 1 }
                    if character == ")" {
                        if interpolationDepths[interpolationDepths.count - 1] == 0 {
                            interpolationDepths.removeLast()
                            modes.removeLast()  // back into the string
                            output += " "
                            index += 1
                            continue
                        }
                        interpolationDepths[interpolationDepths.count - 1] -= 1
                    }
                }
                output.append(character)
                index += 1
            case .lineComment:
                if character == "\n" {
                    modes.removeLast()
                    output.append("\n")
                } else {
                    output.append(" ")
                }
                index += 1
            case .blockComment(let depth):
                if starts("*/", at: index) {
                    modes.removeLast()
                    if depth > 1 { modes.append(.blockComment(depth: depth - 1)) }
                    output += "  "
                    index += 2
                } else if starts("/*", at: index) {
                    modes[modes.count - 1] = .blockComment(depth: depth + 1)
                    output += "  "
                    index += 2
                } else {
                    output.append(character == "\n" ? "\n" : " ")
                    index += 1
                }
            case .string(let multiline, let hashes):
                let escape = "\\" + String(repeating: "#", count: hashes)
                if starts(escape + "(", at: index) {
                    output += String(repeating: " ", count: escape.count + 1)
                    index += escape.count + 1
                    modes.append(.code)
                    interpolationDepths.append(0)
                } else if starts(escape, at: index) {
                    output += String(repeating: " ", count: escape.count + 1)
                    index += escape.count + 1  // the escaped character
                } else if starts((multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes), at: index) {
                    let length = (multiline ? 3 : 1) + hashes
                    output += String(characters[index..<(index + length)])
                    index += length
                    modes.removeLast()
                } else {
                    output.append(character == "\n" ? "\n" : " ")
                    index += 1
                }
            }
        }
        return output.components(separatedBy: "\n")
    }

    /// The waits in `source` that no time limit covers, and every unbounded blocking wait.
    /// `suiteLimits` says which suite types (by name) have a time limit, for tests declared in
    /// an extension of one.
    static func findings(in source: String, suiteLimits: [String: Bool] = [:]) -> [Finding] {
        struct Scope {
            var depth: Int
            var hasTimeLimit: Bool
            var testName: String?
        }
        var findings: [Finding] = []
        var scopes: [Scope] = []
        var depth = 0
        var attributes = ""          // attributes read since the last declaration
        var pendingScope: Scope?     // a suite or test whose `{` has not come yet
        let limits = suiteLimits.merging(Self.suiteLimits(in: source)) { $0 || $1 }
        for (offset, line) in codeOnly(source).enumerated() {
            let number = offset + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@") || !attributes.isEmpty && trimmed.hasPrefix(".") || openParens(attributes) > 0 {
                attributes += " " + trimmed
            }
            let enclosingLimit = scopes.last?.hasTimeLimit ?? false
            let declaresType = ["struct ", "class ", "enum ", "actor ", "extension "].contains { line.contains($0) }
            if line.contains("func "), let name = firstMatch(#"\bfunc\s+([A-Za-z_][A-Za-z_0-9]*)"#, in: line),
               attributes.contains("@Test") {
                pendingScope = Scope(depth: depth, hasTimeLimit: enclosingLimit || attributes.contains(".timeLimit("), testName: name)
                attributes = ""
            } else if declaresType,
                      let name = firstMatch(#"\b(?:struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z_0-9]*)"#, in: line) {
                let limited = attributes.contains("@Suite") && attributes.contains(".timeLimit(") || limits[name] == true
                pendingScope = Scope(depth: depth, hasTimeLimit: enclosingLimit || limited, testName: scopes.last?.testName)
                attributes = ""
            } else if !attributes.isEmpty, !trimmed.hasPrefix("@"), firstMatch(#"\b(func|var|let|init)\b"#, in: line) != nil {
                attributes = ""
            }
            if hasUnboundedBlockingWait(line) {
                findings.append(Finding(line: number, message: "a blocking wait() without a timeout (a time limit cannot interrupt it)"))
            }
            if mayWait(line), let test = scopes.last(where: { $0.testName != nil }), !scopes.last!.hasTimeLimit {
                for wait in waits where line.range(of: wait.pattern, options: .regularExpression) != nil {
                    findings.append(Finding(line: number, message: "\(wait.name) in test \(test.testName!) without a time limit on it or its suite"))
                    break
                }
            }
            for character in line {
                if character == "{" {
                    depth += 1
                    if let scope = pendingScope {
                        scopes.append(Scope(depth: depth, hasTimeLimit: scope.hasTimeLimit, testName: scope.testName))
                        pendingScope = nil
                    }
                } else if character == "}" {
                    if scopes.last?.depth == depth { scopes.removeLast() }
                    depth -= 1
                }
            }
        }
        return findings
    }

    /// The suite types declared in `source` (by `@Suite` or by holding tests) and whether their
    /// `@Suite` attribute has a time limit.
    static func suiteLimits(in source: String) -> [String: Bool] {
        var limits: [String: Bool] = [:]
        var attributes = ""
        for line in codeOnly(source) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@") || openParens(attributes) > 0 { attributes += " " + trimmed }
            let declaresType = ["struct ", "class ", "enum ", "actor "].contains { line.contains($0) }
            if declaresType, let name = firstMatch(#"\b(?:struct|class|enum|actor)\s+([A-Za-z_][A-Za-z_0-9]*)"#, in: line) {
                if attributes.contains("@Suite") { limits[name] = attributes.contains(".timeLimit(") }
                attributes = ""
            } else if !attributes.isEmpty, !trimmed.hasPrefix("@"),
                      firstMatch(#"\b(func|var|let|init|extension)\b"#, in: line) != nil {
                attributes = ""
            }
        }
        return limits
    }

    static func openParens(_ text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
    }

    /// The first capture group of `pattern` in `line`, or the whole match if it has none.
    static func firstMatch(_ pattern: String, in line: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
        else { return nil }
        let range = match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range
        return Range(range, in: line).map { String(line[$0]) }
    }

    /// `Tests/`, found from this file's path.
    static var testsDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SignalsTests
            .deletingLastPathComponent()  // Tests
    }

    static func swiftFiles() throws -> [(path: String, source: String)] {
        let root = testsDirectory.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(root.count))
            files.append((path, String(decoding: try Data(contentsOf: url), as: UTF8.self)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    // MARK: The scanner reads what it should

    @Test func theScannerFindsAWaitingTestWithoutATimeLimitAndAcceptsOneWithIt() {
        let source = #"""
        @Suite struct Waits {
            @Test func waitsForever() async {
                await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
            }
            @Test(.timeLimit(.minutes(1))) func waitsWithALimit() async {
                for await _ in stream {}
            }
            @Test func waitsOnAThread() {
                semaphore.wait()
                #expect(semaphore.wait(timeout: .now() + 1) == .success)
            }
            @Test func quotesAWait() {
                let text = "semaphore.wait() and \(count)"  // group.wait()
            }
            func helper() async { await gate.wait() }
        }
        @Suite(.timeLimit(.minutes(1))) struct Limited {}
        extension Limited {
            @Test func inAnExtension() { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
        }
        """#
        #expect(Self.findings(in: source).map(\.description) == [
            "line 3: a continuation in test waitsForever without a time limit on it or its suite",
            "line 9: a blocking wait() without a timeout (a time limit cannot interrupt it)",
            "line 9: a wait in test waitsOnAThread without a time limit on it or its suite",
            "line 10: a wait in test waitsOnAThread without a time limit on it or its suite",
        ])
    }

    @Test func stringsAndCommentsAreBlankedButLinesKept() {
        let lines = Self.codeOnly("a(\"x.wait()\") // y.wait()\n/* z.wait()\n */ b.wait(timeout: t)\n\"\"\"\nc.wait()\n\"\"\"")
        #expect(lines.count == 6)
        #expect(!lines[0].contains("wait") && lines[0].hasPrefix("a(\""))
        #expect(!lines[1].contains("wait"))
        #expect(lines[2].contains("b.wait(timeout: t)"))
        #expect(!lines[4].contains("wait"))
    }

    // MARK: The tests themselves

    /// A deadlock inside the engine blocks a thread that no time limit can interrupt: in this
    /// target, where the engine's tests are, every suite carries `.deadlockWatchdog`, which
    /// ends the run naming the test instead (`DeadlockWatchdog.swift`).
    @Test(.disabled(if: isThreadSanitized, "reads the sources on one thread: ThreadSanitizer finds nothing there"))
    func everySuiteOfThisTargetCarriesTheDeadlockWatchdog() throws {
        let files = try Self.swiftFiles().filter { $0.path.hasPrefix("SignalsTests/") }
        #expect(files.count > 50, "found \(files.count) Swift files under SignalsTests")
        for file in files {
            let lines = Self.codeOnly(file.source)
            var suites = 0
            for (offset, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("@Suite") else { continue }
                suites += 1
                if !trimmed.hasPrefix("@Suite(.deadlockWatchdog") {
                    Issue.record("Tests/\(file.path):\(offset + 1): a suite without .deadlockWatchdog first")
                }
            }
            if suites == 0, lines.contains(where: { $0.contains("@Test") }) {
                Issue.record("Tests/\(file.path): tests in a type without @Suite(.deadlockWatchdog)")
            }
        }
    }

    @Test(.disabled(if: isThreadSanitized, "reads the sources on one thread: ThreadSanitizer finds nothing there"))
    func everyTestThatWaitsHasATimeLimitAndNoBlockingWaitIsUnbounded() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100, "found \(files.count) Swift files under \(Self.testsDirectory.path)")
        var suiteLimits: [String: Bool] = [:]
        for file in files {
            suiteLimits.merge(Self.suiteLimits(in: file.source)) { $0 || $1 }
        }
        for file in files where !Self.pending.keys.contains(where: { file.path.hasPrefix($0) }) {
            for finding in Self.findings(in: file.source, suiteLimits: suiteLimits) {
                Issue.record("Tests/\(file.path):\(finding.line): \(finding.message)")
            }
        }
    }
}
