import Foundation

/// Decodes a value that servers send either as text or as a number (EXIF fields, for one).
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

extension KeyedDecodingContainer {
    /// Decodes text that may arrive as a string or a number; `nil` when missing or `null`.
    func decodeFlexibleText(forKey key: Key) throws -> String? {
        try decodeIfPresent(FlexibleText.self, forKey: key)?.text
    }
}
