import Foundation
import SignalsPhotoDomain

/// How the Demo writes values for people: short, stable across runs, independent of locale.
///
/// Every function that embeds text from data (names, descriptions, tags, places, messages)
/// returns it sanitized with ``TerminalText/sanitized(_:)``, so its result is safe to print.
package enum DemoFormat {
    /// `1200` as `1,200`.
    package static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// A count and a noun, pluralized with `s`: `1 photo`, `1,200 photos`.
    package static func count(_ value: Int, _ noun: String) -> String {
        "\(count(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// A virtual time as seconds with milliseconds, right-aligned: `  0.300s`.
    package static func time(_ duration: Duration) -> String {
        let milliseconds = Int(duration.components.seconds) * 1_000
            + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        let text = "\(milliseconds / 1_000).\(String(milliseconds % 1_000).leftPadded(to: 3, with: "0"))s"
        return text.leftPadded(to: 7)
    }

    /// A duration in whole milliseconds: `300 ms`.
    package static func milliseconds(_ duration: Duration) -> String {
        "\(Int(duration.components.seconds) * 1_000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)) ms"
    }

    /// Image bytes by size: `1,234 bytes`, or `nil` for no image.
    package static func image(_ data: Data?) -> String {
        data.map { "\(count($0.count)) bytes" } ?? "nil"
    }

    /// Index paths as item ranges: `items 0…29 (30)`, `item 4`, `none`.
    package static func indexPaths(_ indexPaths: [IndexPath]) -> String {
        let items = indexPaths.map { $0.count >= 2 ? $0[1] : ($0.first ?? 0) }
        guard let first = items.first, let last = items.last else { return "none" }
        if items.count == 1 { return "item \(first)" }
        if items == Array(first...last) { return "items \(first)…\(last) (\(items.count))" }
        return "items " + items.map(String.init).joined(separator: ", ")
    }

    /// A quoted string, shortened to `limit` characters with an ellipsis.
    package static func quoted(_ text: String, limit: Int = 60) -> String {
        "\"" + shortened(text, limit: limit) + "\""
    }

    /// `text`, sanitized, cut to `limit` characters, ending in `…` when cut.
    package static func shortened(_ text: String, limit: Int) -> String {
        let text = TerminalText.sanitized(text)
        return text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// One line for a photo: `"Morning fog over the lake" — Ada Park (♥ 1,204)`.
    package static func photo(_ photo: Photo) -> String {
        let text = photo.description ?? photo.altDescription ?? "Untitled"
        return "\(quoted(text, limit: 48)) — \(TerminalText.sanitized(photo.user.name)) (♥ \(count(photo.likes)))"
    }

    /// One line for a search result of any scope.
    package static func result(_ item: SearchResultItem) -> String {
        TerminalText.sanitized(unsanitizedResult(item))
    }

    private static func unsanitizedResult(_ item: SearchResultItem) -> String {
        switch item {
        case .photo(let photo):
            return self.photo(photo)
        case .collection(let collection):
            let curator = collection.user.map { " by \($0.name)" } ?? ""
            return "collection \(quoted(collection.title, limit: 40))\(curator) (\(count(collection.totalPhotos, "photo")))"
        case .user(let user):
            let place = user.location.map { ", \($0)" } ?? ""
            return "user \(user.name) @\(user.username)\(place) (\(count(user.totalPhotos, "photo")))"
        }
    }

    /// The details a photo's info overlay shows: camera, exposure, place, views.
    package static func detail(_ detail: PhotoDetail) -> String {
        TerminalText.sanitized(unsanitizedDetail(detail))
    }

    private static func unsanitizedDetail(_ detail: PhotoDetail) -> String {
        var parts: [String] = []
        if let exif = detail.exif {
            let camera = [exif.make, exif.model].compactMap { $0 }.joined(separator: " ")
            if !camera.isEmpty { parts.append(camera) }
            let exposure = [
                exif.focalLength.map { "\($0)mm" },
                exif.aperture.map { "ƒ/\($0)" },
                exif.exposureTime.map { "\($0)s" },
                exif.iso.map { "ISO \($0)" },
            ].compactMap { $0 }
            if !exposure.isEmpty { parts.append(exposure.joined(separator: " ")) }
        }
        if let location = detail.location {
            let place = location.name ?? [location.city, location.country].compactMap { $0 }.joined(separator: ", ")
            if !place.isEmpty { parts.append("📍 \(place)") }
        }
        if let views = detail.views { parts.append("\(count(views)) views") }
        return parts.isEmpty ? "no details recorded" : parts.joined(separator: " · ")
    }

    /// A `Bool` as `true` / `false`.
    package static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// An optional message: quoted, or `nil`.
    package static func message(_ message: String?) -> String {
        message.map { quoted($0, limit: 80) } ?? "nil"
    }
}

extension String {
    /// The string padded on the left with `pad` to at least `width` characters.
    func leftPadded(to width: Int, with pad: Character = " ") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    /// The string padded on the right with spaces to at least `width` characters.
    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
