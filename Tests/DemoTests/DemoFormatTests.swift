import SignalsDemoSupport
import Foundation
import SignalsPhotoList
import Testing
// IndexPath(item:section:), .item and .section: UIKit's or AppKit's where they exist (as in an
// app), ListFeature's on Linux.
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

struct DemoFormatTests {
    @Test func countsGroupThousandsWithoutALocale() {
        #expect(DemoFormat.count(0) == "0")
        #expect(DemoFormat.count(999) == "999")
        #expect(DemoFormat.count(1_200) == "1,200")
        #expect(DemoFormat.count(1_234_567) == "1,234,567")
        #expect(DemoFormat.count(-4_500) == "-4,500")
        #expect(DemoFormat.count(1, "photo") == "1 photo")
        #expect(DemoFormat.count(2, "photo") == "2 photos")
    }

    @Test func timesAreSecondsWithMilliseconds() {
        #expect(DemoFormat.time(.zero) == " 0.000s")
        #expect(DemoFormat.time(.milliseconds(300)) == " 0.300s")
        #expect(DemoFormat.time(.milliseconds(12_050)) == "12.050s")
        #expect(DemoFormat.milliseconds(.milliseconds(250)) == "250 ms")
    }

    @Test func indexPathsReadAsItemRanges() {
        #expect(DemoFormat.indexPaths([]) == "none")
        #expect(DemoFormat.indexPaths((0..<10).indexPaths()) == "items 0…9 (10)")
        #expect(DemoFormat.indexPaths([IndexPath(item: 4, section: 0)]) == "item 4")
        #expect(DemoFormat.indexPaths([IndexPath(item: 1, section: 0), IndexPath(item: 5, section: 0)]) == "items 1, 5")
    }

    @Test func longTextIsShortenedWithAnEllipsis() {
        #expect(DemoFormat.shortened("abcdef", limit: 10) == "abcdef")
        #expect(DemoFormat.shortened("abcdefghijkl", limit: 5) == "abcd…")
        #expect(DemoFormat.quoted("hi") == "\"hi\"")
        #expect(DemoFormat.message(nil) == "nil")
    }
}
