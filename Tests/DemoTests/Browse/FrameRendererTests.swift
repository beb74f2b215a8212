import SignalsDemoSupport
import Foundation
import SignalsPhotoList
import Signals
import Testing

/// The renderer, the half-block images and the request counter, as values.
struct FrameRendererTests {
    private func frame(_ rows: [String], columns: Int = 10) -> Frame {
        Frame(
            size: TerminalSize(rows: rows.count, columns: columns),
            lines: rows.map { FrameLine(spans: [Span($0.padding(toLength: columns, withPad: " ", startingAt: 0))]) }
        )
    }

    @Test func theFirstFrameIsDrawnWholeAndLaterOnlyChangedRows() {
        var renderer = FrameRenderer(colorMode: .trueColor)
        let first = renderer.render(frame(["a", "b", "c"]))
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(first.contains("\u{1B}[1;1H") && first.contains("\u{1B}[2;1H") && first.contains("\u{1B}[3;1H"))
        let second = renderer.render(frame(["a", "x", "c"]))
        #expect(second == "\u{1B}[2;1H\u{1B}[0mx         \u{1B}[0m")
        renderer.invalidate()
        #expect(renderer.render(frame(["a", "x", "c"])).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test func coloursAreTrueColorOrTheNearest256PaletteEntry() {
        let style = TextStyle(foreground: RGB(255, 0, 0), background: RGB(128, 128, 128), isBold: true)
        let line = FrameLine(spans: [Span("▀", style)])
        let frame = Frame(size: TerminalSize(rows: 1, columns: 1), lines: [line])
        var trueColor = FrameRenderer(colorMode: .trueColor)
        #expect(trueColor.render(frame).contains("\u{1B}[0;1;38;2;255;0;0;48;2;128;128;128m▀"))
        var palette = FrameRenderer(colorMode: .palette256)
        #expect(palette.render(frame).contains("\u{1B}[0;1;38;5;196;48;5;244m▀"))
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorMode.detect(environment: [:]) == .palette256)
    }

    @Test func ppmImagesDecodeAndDrawAsHalfBlocksThatFitTheBox() throws {
        // 2 × 4 pixels: red, green, blue, white rows (a comment in the header).
        var bytes = Data("P6\n# made by hand\n2 4\n255\n".utf8)
        for pixel in [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]] {
            bytes.append(contentsOf: (pixel + pixel).map(UInt8.init))
        }
        let image = try #require(PixelImage.decode(bytes))
        #expect(image.width == 2 && image.height == 4)
        let blocks = image.halfBlocks(columns: 2, rows: 2)
        #expect(blocks.count == 2)
        #expect(blocks.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.text == "▀" } })
        #expect(blocks[0][0].style == TextStyle(foreground: RGB(255, 0, 0), background: RGB(0, 255, 0)))
        #expect(blocks[1][1].style == TextStyle(foreground: RGB(0, 0, 255), background: RGB(255, 255, 255)))
        // A box half as big keeps the aspect: one row of one cell.
        #expect(image.halfBlocks(columns: 1, rows: 1).map(\.count) == [1])
    }

    @Test func anythingButAWellFormedPPMIsNotAnImage() {
        #expect(PixelImage.decode(Data("\u{89}PNG".utf8)) == nil)
        #expect(PixelImage.decode(Data("P6\n2 2\n255\n\u{0}".utf8)) == nil)
        #expect(PixelImage.decode(Data("P6\n99999 99999\n255\n".utf8)) == nil)
        #expect(PixelImage.decode(Data()) == nil)
    }

    @Test func requestCounterCountsSentAnsweredAndCancelledRequests() {
        let counter = RequestCounter()
        let answered = Subject<Int>()
        let first = counter.count(answered.asObservable()).bind { _ in }
        let second = counter.count(Observable<Int>.never).bind { _ in }
        #expect(counter.counts == RequestCounts(sent: 2, inFlight: 2, cancelled: 0))
        answered.finish()
        #expect(counter.counts == RequestCounts(sent: 2, inFlight: 1, cancelled: 0))
        second.cancel()
        first.cancel()
        #expect(counter.counts == RequestCounts(sent: 2, inFlight: 0, cancelled: 1))
        #expect(counter.counts.summary == "requests: 2 sent · 0 in flight · 1 cancelled")
    }
}

/// Rows are measured in terminal columns, so wide characters never push a row past the edge.
struct FrameWidthTests {
    @Test func emojiAndWideCharactersTakeTwoColumnsAndAreClippedWhole() {
        #expect(FrameBuilderProbe.fit("📍東京 ok", width: 6) == "📍東京")
        #expect(FrameBuilderProbe.fit("📍東京 ok", width: 5) == "📍東 ")
        #expect(FrameBuilderProbe.fit("♥ 12", width: 6) == "♥ 12  ")
    }
}
