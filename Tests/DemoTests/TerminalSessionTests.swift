import SignalsDemoSupport
import Foundation
import SignalsPhotoData
import SignalsPhotoDomain
import SignalsTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Demo repl` and `Demo browse` on a real pseudo-terminal, typed into as a person would:
/// every wait is for output to appear, with deadlines that only fail the test.
@Suite(.serialized, .linuxOnly)
struct TerminalSessionTests {
    /// Result rows (as the REPL prints them, without the number) of a first page of `query`.
    private func resultTexts(_ query: String) async throws -> Set<String> {
        let repository = try EmbeddedPhotoRepository()
        let page = try await repository.search(.photos, query: query, page: 1, perPage: ReplSession.pageSize)
        return Set(page.items.map(DemoFormat.result))
    }

    @Test func replKeepsReadingKeysWhileARequestRunsAndANewQueryCancelsIt() async throws {
        let terminal = try PseudoTerminal(["repl", "--latency", "45000"])
        try await terminal.waitFor("editorial> ")
        terminal.type("cat\r")
        try await terminal.waitFor("Searching photos for \"cat\":")
        // The cat search is in flight for 45 s (room for a slow sanitizer build to read "dog" first:
        // 8 s was not enough for the AddressSanitizer run on 2 busy cores, and 20 s not for a full
        // parallel `swift test` whose explorer and busy-thread suites hold both cores); the
        // keyboard is not blocked.
        terminal.type("dog\r")
        let output = try await terminal.waitFor("the dog results", deadline: .seconds(150)) { text in
            text.contains("Searching photos for \"dog\":") && text.contains("shown; `next` for more")
        }
        let onlyCat = try await resultTexts("cat").subtracting(try await resultTexts("dog"))
        #expect(!onlyCat.isEmpty)
        // The editorial page may finish loading (and list a cat photo) before "cat" is typed:
        // only what the screen shows once the cat search started counts.
        let sinceCat = try #require(output.range(of: "Searching photos for \"cat\":")).upperBound
        for text in onlyCat { #expect(!output[sinceCat...].contains(text), "cat result shown: \(text)") }
        #expect(output.range(of: #"loading (list, )?search…"#, options: .regularExpression) != nil)
        #expect(output.range(of: #"requests: \d+ sent · \d+ in flight · [1-9]\d* cancelled"#, options: .regularExpression) != nil)

        // ↑ recalls the last line; it is never submitted as "^[[A".
        terminal.type("\u{1B}[A")
        try await terminal.waitFor("in photos> dog\u{1B}[K")
        // Ctrl-C clears the line instead of ending the session; Ctrl-D on the empty line quits.
        terminal.type("\u{03}")
        try await terminal.waitFor("in photos> \u{1B}[K") { $0.hasSuffix("in photos> \u{1B}[K") }
        terminal.type("\u{04}")
        let status = await terminal.waitForExit()
        #expect(status == 0)
        #expect(terminal.output.contains("Bye."))
        #expect(!terminal.output.contains("[A\r\n"))
        #expect(!terminal.output.contains("Searching photos for \"\u{1B}"))
        #expect(terminal.isInCookedMode)
    }

    @Test func browseDrawsTheListSearchesRedrawsOnResizeAndRestoresTheTerminalOnControlC() async throws {
        let terminal = try PseudoTerminal(["browse", "--latency", "200"], rows: 24, columns: 100, environment: ["COLORTERM": "truecolor"])
        try await terminal.waitFor("the editorial list") { text in
            ScreenDecoder.decode(text, rows: 24, columns: 100).contains { $0.contains("Editorial photos — 20 loaded") }
                && text.contains("▀")
        }
        #expect(terminal.output.hasPrefix(FrameRenderer.enterScreen))
        #expect(terminal.output.contains(";38;2;"))
        #expect(!terminal.isInCookedMode)

        terminal.type("ocean")
        try await terminal.waitFor("the ocean results") { text in
            ScreenDecoder.decode(text, rows: 24, columns: 100).contains { $0.contains("“ocean” in photos — ") }
        }
        let screen = terminal.screen()
        #expect(screen[1].hasPrefix("Search: ocean▏"))
        #expect(screen[23].hasPrefix("requests: "))

        let before = terminal.output.utf8.count
        terminal.resize(rows: 30, columns: 120)
        try await terminal.waitFor("a redraw at 30 × 120") { text in
            let redraw = String(decoding: Array(text.utf8).dropFirst(before), as: UTF8.self)
            return redraw.contains("\u{1B}[2J") && redraw.contains("\u{1B}[30;1H")
        }
        let resized = terminal.screen(rows: 30, columns: 120)
        #expect(resized[29].hasPrefix("requests: "))
        #expect(resized[2].contains("“ocean” in photos — "))

        terminal.type("\u{03}")
        let status = await terminal.waitForExit()
        #expect(status == 0)
        #expect(terminal.output.hasSuffix(FrameRenderer.leaveScreen))
        #expect(terminal.isInCookedMode)
    }

    @Test func browseOpensAPhotoAndEscClosesIt() async throws {
        let terminal = try PseudoTerminal(["browse"], rows: 24, columns: 100)
        try await terminal.waitFor("the editorial list") { text in
            ScreenDecoder.decode(text, rows: 24, columns: 100).contains { $0.contains("Editorial photos — 20 loaded") }
        }
        terminal.type("\u{1B}[B\r")
        try await terminal.waitFor("the pager") { text in
            ScreenDecoder.decode(text, rows: 24, columns: 100)[0].hasPrefix(" Photo 2 / 20 — ")
        }
        terminal.type("\u{1B}")
        try await terminal.waitFor("the list again") { text in
            ScreenDecoder.decode(text, rows: 24, columns: 100)[0].hasPrefix(" Signals photo browser")
        }
        // The 256-colour palette without COLORTERM.
        #expect(terminal.output.contains("\u{1B}[0;38;5;"))
        terminal.type("\u{04}")
        #expect(await terminal.waitForExit() == 0)
    }

    @Test func sigtermRestoresTheTerminalBeforeBrowseExits() async throws {
        let terminal = try PseudoTerminal(["browse"], rows: 24, columns: 80)
        try await terminal.waitFor("Editorial photos")
        #expect(!terminal.isInCookedMode)
        terminal.send(signal: SIGTERM)
        let status = await terminal.waitForExit()
        #expect(status == 128 + SIGTERM)
        #expect(terminal.output.hasSuffix(FrameRenderer.leaveScreen))
        #expect(terminal.isInCookedMode)
    }

    /// With the list loaded, its cells' images are loading or loaded when the signal comes: the
    /// process ends with that work in flight. Under LeakSanitizer, ending through `exit` reported
    /// what it held (the image loader's weak-reference side table) after the terminal was
    /// restored, and the status became 1.
    @Test func sigtermWithImagesInFlightEndsBrowseWithItsStatusAndNothingAfterTheRestore() async throws {
        let terminal = try PseudoTerminal(["browse"], rows: 24, columns: 80)
        try await terminal.waitFor("the editorial list") { text in
            ScreenDecoder.decode(text, rows: 24, columns: 80).contains { $0.contains("Editorial photos — 20 loaded") }
        }
        terminal.send(signal: SIGTERM)
        let status = await terminal.waitForExit()
        #expect(status == 128 + SIGTERM)
        #expect(terminal.output.hasSuffix(FrameRenderer.leaveScreen))
        #expect(terminal.isInCookedMode)
    }

    @Test func browseWithoutATerminalSaysSoAndFails() async throws {
        let run = try await DemoProcess.run(["browse"])
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("`browse` needs a terminal"))
    }
}
