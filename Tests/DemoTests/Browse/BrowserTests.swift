import SignalsDemoSupport
import Foundation
import SignalsPhotoDomain
import Signals
import Testing

/// The browser as a person sees it: keys typed on a virtual clock, frames read back.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BrowserTests {
    @Test func editorialListLoadsWithTheFirstPhotoSelectedAndItsPreviewDrawn() async throws {
        let harness = try BrowseHarness()
        harness.browser.start()
        #expect(harness.screen.contains("⠿ loading…"))
        await harness.settle()
        let screen = harness.screen
        let first = try await harness.source.repository.editorialPhotos(page: 1, perPage: Browser.pageSize).items[0]
        #expect(screen.contains("Editorial photos — 20 loaded"))
        #expect(screen.selectedRow == "1. \(DemoFormat.photo(first))".prefix(screen.selectedRow?.count ?? 0).description)
        #expect(screen.listRows.count == 19)
        // The preview: half blocks in the photo's own colours, and who took it.
        let blocks = screen.lines.flatMap(\.spans).filter { $0.text == "▀" }
        #expect(blocks.count > 100)
        #expect(blocks.allSatisfy { $0.style.foreground != nil })
        #expect(blocks.filter { $0.style.background != nil }.count > blocks.count * 3 / 4)
        #expect(screen.contains("\(first.user.name) · ♥"))
        #expect(harness.editorialPages == [1])
    }

    @Test func typingCatThenQuicklyDogNeverShowsCatResults() async throws {
        // Wide enough that every result row is shown whole.
        let harness = try BrowseHarness(size: TerminalSize(rows: 30, columns: 220))
        await harness.start()
        await harness.type("cat")
        // The debounced search for "cat" starts and is in flight (it answers after 800 ms)…
        await harness.wait(.milliseconds(400))
        #expect(harness.searches == ["cat"])
        #expect(harness.screen.contains("“cat” in photos"))
        #expect(harness.screen.contains("⠿ searching…"))
        // …when the person clears the field and types "dog".
        await harness.press(.control("u"))
        await harness.type("dog")
        await harness.settle()

        let catRows = try await rows(of: "cat", in: harness.source)
        let dogRows = try await rows(of: "dog", in: harness.source)
        let onlyCat = catRows.subtracting(dogRows)
        #expect(!onlyCat.isEmpty)
        for frame in harness.frames {
            #expect(Set(frame.listRows).isDisjoint(with: onlyCat), "a frame showed cat results: \(frame.text)")
        }
        #expect(harness.searches == ["cat", "dog"])
        #expect(harness.screen.contains("“dog” in photos — \(DemoFormat.count(dogRows.count, "result"))"))
        #expect(Set(harness.screen.listRows).isSubset(of: dogRows))
        #expect(harness.browser.counter.counts.cancelled >= 1)
        let summary = harness.browser.counter.counts.summary
        #expect(harness.screen.text.last?.hasPrefix(summary) == true, "\(harness.screen.text.last ?? "") vs \(summary)")
    }

    @Test func pagingToTheEndLoadsTheNextPageOnce() async throws {
        let harness = try BrowseHarness()
        await harness.start()
        // Hold ↓ (a key every 30 ms) to the end of page 1 and beyond, while page 2 loads.
        for _ in 0..<30 { await harness.press(.down, then: .milliseconds(30)) }
        #expect(harness.editorialPages == [1, 2])
        await harness.settle()
        #expect(harness.editorialPages == [1, 2])
        #expect(harness.screen.contains("Editorial photos — 40 loaded"))
        // The selection stopped at the last photo of page 1 while page 2 loaded, then moves on.
        #expect(harness.screen.selectedRow?.hasPrefix("20. ") == true)
        await harness.press(.down)
        #expect(harness.screen.selectedRow?.hasPrefix("21. ") == true)
        #expect(harness.editorialPages == [1, 2])
    }

    @Test func enterOpensThePagerArrowsPageInfoTogglesAndEscClosesIt() async throws {
        let harness = try BrowseHarness()
        await harness.start()
        await harness.press(.down)
        await harness.press(.enter)
        await harness.settle()
        let photos = try await harness.source.repository.editorialPhotos(page: 1, perPage: Browser.pageSize).items
        #expect(harness.browser.isDetailOpen)
        #expect(harness.screen.text[0].hasPrefix(" Photo 2 / 20 — \(photos[1].user.name)"))
        #expect(harness.screen.lines.flatMap(\.spans).filter { $0.text == "▀" }.count > 200)

        await harness.press(.right)
        await harness.settle()
        #expect(harness.screen.text[0].hasPrefix(" Photo 3 / 20 — \(photos[2].user.name)"))
        #expect(!harness.screen.contains(" Info"))

        await harness.press(.character("i"))
        #expect(harness.screen.contains(" Info"))
        #expect(harness.screen.contains("loading details…"))
        await harness.settle()
        let details = try await harness.source.repository.photoDetail(id: photos[2].id)
        let firstWords = DemoFormat.detail(details).split(separator: " ").prefix(2).joined(separator: " ")
        #expect(harness.screen.contains(firstWords))

        await harness.press(.escape)
        #expect(!harness.browser.isDetailOpen)
        #expect(harness.screen.contains("Editorial photos — 20 loaded"))
        #expect(harness.screen.selectedRow?.hasPrefix("3. ") == true)
    }

    @Test func resizeRedrawsTheWholeScreenAtTheNewSize() async throws {
        let harness = try BrowseHarness(size: TerminalSize(rows: 24, columns: 100))
        await harness.start()
        var renderer = FrameRenderer(colorMode: .trueColor)
        _ = renderer.render(harness.screen)
        #expect(renderer.render(harness.screen) == "")

        harness.browser.resize(to: TerminalSize(rows: 40, columns: 70))
        let resized = harness.screen
        #expect(resized.lines.count == 40)
        #expect(resized.text.allSatisfy { $0.count == 70 })
        #expect(resized.listRows.count == 20)
        let output = renderer.render(resized)
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(output.contains("\u{1B}[40;1H"))

        // A tiny window still gets a whole frame, clipped.
        harness.browser.resize(to: TerminalSize(rows: 3, columns: 10))
        #expect(harness.screen.text == [" Signals p", "Search: ▏ ", "Editorial "])
        await harness.press(.enter)
        await harness.settle()
        #expect(harness.screen.text.count == 3)
        #expect(harness.screen.text.allSatisfy { $0.count == 10 })
    }

    @Test func scopesCycleWithTabAndShowCollectionsAndUsers() async throws {
        let harness = try BrowseHarness()
        await harness.start()
        await harness.type("ocean")
        await harness.settle()
        await harness.press(.tab)
        await harness.settle()
        #expect(harness.screen.contains("“ocean” in collections"))
        #expect(harness.screen.listRows.first?.contains("collection ") == true)
        #expect(harness.screen.contains(" Collection"))
        await harness.press(.tab)
        await harness.settle()
        #expect(harness.screen.contains("“ocean” in users"))
        await harness.press(.escape)
        await harness.settle()
        #expect(harness.browser.fieldText == "")
        #expect(harness.screen.contains("Editorial photos — 20 loaded"))
    }

    @Test func aFailedSearchShowsTheErrorAndCtrlRRetriesIt() async throws {
        let harness = try BrowseHarness()
        await harness.start()
        harness.source.failNextSearch()
        await harness.type("ocean")
        await harness.settle()
        #expect(harness.screen.contains("⚠ Couldn't reach the server: Simulated failure. — press Ctrl-R to retry"))
        await harness.press(.control("r"))
        await harness.settle()
        #expect(!harness.screen.contains("⚠ Couldn't reach the server"))
        #expect(harness.screen.contains("“ocean” in photos — 20 results"))
        #expect(harness.searches == ["ocean", "ocean"])
    }

    @Test func textFromDataIsSanitizedBeforeItIsDrawn() async throws {
        let hostile = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}txt"
        let harness = try BrowseHarness { service in
            var service = service
            let editorial = service.editorialPhotos
            service.editorialPhotos = { page, perPage in
                editorial(page, perPage).map { result in
                    result.map { page in
                        Page(
                            items: page.items.map { photo in
                                var photo = photo
                                photo.description = hostile
                                photo.user.name = hostile
                                return photo
                            },
                            total: page.total, totalPages: page.totalPages, page: page.page
                        )
                    }
                }
            }
            return service
        }
        await harness.start()
        let screen = harness.screen
        #expect(screen.contains("evil␛]0;pwned␇␛[2Jtxt"))
        for line in screen.text {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        }
        var renderer = FrameRenderer(colorMode: .palette256)
        let output = renderer.render(screen)
        #expect(!output.contains("\u{07}"))
        #expect(!output.contains("\u{1B}]"))
    }

    @Test func quitKeysEndTheBrowser() async throws {
        let harness = try BrowseHarness()
        await harness.start()
        #expect(harness.browser.handle(.character("q")))
        #expect(!harness.browser.handle(.control("c")))
        #expect(!harness.browser.handle(.control("d")))
    }

    /// The list rows a search for `query` shows (first page).
    private func rows(of query: String, in source: PhotoSource) async throws -> Set<String> {
        let page = try await source.repository.search(.photos, query: query, page: 1, perPage: Browser.pageSize)
        return Set(page.items.enumerated().map { index, item in "\(index + 1). \(DemoFormat.result(item))" })
    }
}

/// The editorial list when the catalog fails.
@MainActor
struct BrowserErrorTests {
    @Test func aFailedEditorialPageShowsTheErrorAndCtrlRAsksForItAgain() async throws {
        let harness = try BrowseHarness(configuration: DemoConfiguration(failureRate: 1))
        await harness.start()
        #expect(harness.screen.text[harness.screen.lines.count - 2]
            .hasPrefix("⚠ Couldn't reach the server: Simulated failure. — press Ctrl-R to retry"))
        #expect(harness.editorialPages == [1])
        // Moving or typing does not retry a failed page; Ctrl-R does, once per press.
        await harness.press(.down)
        #expect(harness.editorialPages == [1])
        await harness.press(.control("r"))
        await harness.settle()
        #expect(harness.editorialPages == [1, 1])
        #expect(harness.screen.contains("⚠ Couldn't reach the server"))
    }
}
