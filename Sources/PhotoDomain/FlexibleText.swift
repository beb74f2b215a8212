import Foundation

/// Decodes a value that servers send either as text or as a number (EXIF fields, for one).
///
/// Tries the expected type first: a failed attempt throws, and throwing costs far more than
/// decoding, so the common case must not throw.
struct FlexibleText: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.text = text
        } else if let integer = try? container.decode(Int.self) {
            text = String(integer)
        } else {
            text = String(try container.decode(Double.self))
        }
    }
}

/// Decodes an integer that servers sometimes send as text (`"400"`) or as a fraction.
struct FlexibleInteger: Decodable {
    var value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int.self) {
            value = integer
        } else if let number = try? container.decode(Double.self) {
            value = number.isFinite && abs(number) < 1e15 ? Int(exactly: number.rounded(.towardZero)) : nil
        } else {
            let text = try container.decode(String.self)
            value = Int(text) ?? Double(text).flatMap { $0.isFinite && abs($0) < 1e15 ? Int(exactly: $0.rounded(.towardZero)) : nil }
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes text that may arrive as a string or a number; `nil` when missing or `null`.
    func decodeFlexibleText(forKey key: Key) throws -> String? {
        try decodeIfPresent(FlexibleText.self, forKey: key)?.text
    }

    /// Decodes a count (likes, views, sizes): a negative one reads as 0; `nil` when missing or
    /// `null`. A number beyond `Int` throws, like any other `Int` field.
    func decodeCount(forKey key: Key) throws -> Int? {
        try decodeIfPresent(Int.self, forKey: key).map { max(0, $0) }
    }

    /// Decodes an integer that may arrive as a number or as text; `nil` when missing, `null` or not a number.
    func decodeFlexibleInteger(forKey key: Key) throws -> Int? {
        try decodeIfPresent(FlexibleInteger.self, forKey: key)?.value
    }
}
