import Foundation

/// A small JSON parser for the catalog resource, producing a plain value tree.
///
/// `JSONDecoder` spends most of its time in `Codable`'s per-field machinery (about 1 µs a
/// field, 90 ms for the catalog), while scanning the bytes takes under 10 ms. The catalog is our
/// own well-formed file, so it is read with this parser and `CatalogReader`; anything they do
/// not expect makes them give up, and the loader falls back to `JSONDecoder`, which then
/// either succeeds or reports the failing field.
package enum CatalogJSON {
    /// A parsed JSON value; objects keep their members in file order.
    package indirect enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([(key: String, value: Value)])

        /// The member named `key` of an object; `nil` for other values or a missing key.
        package subscript(key: String) -> Value? {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
    }

    /// Parses a whole document; `nil` if it is not valid JSON (or nests deeper than 64 levels).
    package static func parse(_ data: Data) -> Value? {
        data.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.position == parser.bytes.count ? value : nil
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> Value? {
            guard depth < 64 else { return nil }
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number().map(Value.number)
            }
        }

        private mutating func literal(_ text: StaticString, _ value: Value) -> Value? {
            let count = text.utf8CodeUnitCount
            guard position + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return nil }
            position += count
            return value
        }

        private mutating func object(depth: Int) -> Value? {
            position += 1
            var members: [(key: String, value: Value)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let value = value(depth: depth + 1) else { return nil }
                members.append((key, value))
                skipWhitespace()
                guard position < bytes.count else { return nil }
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: "}") { return .object(members) }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
        }

        private mutating func array(depth: Int) -> Value? {
            position += 1
            var elements: [Value] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                guard position < bytes.count else { return nil }
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: "]") { return .array(elements) }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
        }

        /// Reads a string starting at its opening quote.
        mutating func string() -> String? {
            position += 1
            let start = position
            // Fast path: no escapes, one slice.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                position += 1
            }
            var buffer = Array(bytes[start..<position])
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: buffer, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                    case UInt8(ascii: "b"): buffer.append(0x08)
                    case UInt8(ascii: "f"): buffer.append(0x0C)
                    case UInt8(ascii: "n"): buffer.append(0x0A)
                    case UInt8(ascii: "r"): buffer.append(0x0D)
                    case UInt8(ascii: "t"): buffer.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                                  bytes[position + 1] == UInt8(ascii: "u") else { return nil }
                            position += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return nil }
                        buffer.append(contentsOf: String(Character(unicode)).utf8)
                    default:
                        return nil
                    }
                default:
                    if byte < 0x20 { return nil }
                    buffer.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                position += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// Reads a number; plain integers take a fast path, the rest go through `Double`.
        mutating func number() -> Double? {
            let start = position
            var isInteger = true
            while position < bytes.count, Self.isNumberByte(bytes[position]) {
                switch bytes[position] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"): isInteger = false
                default: break
                }
                position += 1
            }
            guard position > start else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            let negative = slice[0] == UInt8(ascii: "-")
            let digits = negative ? slice.dropFirst() : slice[...]
            if isInteger, !digits.isEmpty, digits.count <= 15,
               digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                var value = 0.0
                for digit in digits { value = value * 10 + Double(digit - UInt8(ascii: "0")) }
                return negative ? -value : value
            }
            return Double(String(decoding: slice, as: UTF8.self))
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                return true
            default:
                return false
            }
        }
    }
}
