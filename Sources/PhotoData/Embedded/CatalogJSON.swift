import Foundation

/// A small JSON parser for the catalog resource, producing a plain value tree.
///
/// `JSONDecoder` spends most of its time in `Codable`'s per-field machinery: reading the bundled
/// catalog with it takes more than twice as long as this parser plus `CatalogReader`. The
/// parser is exactly as strict as `JSONDecoder` (RFC 8259 numbers, finite values, valid UTF-8,
/// no raw controls in strings) and, where it rejects a document, says where: the byte offset
/// and the field.
/// A document that parses but is not in the shape `CatalogReader` expects falls back to
/// `JSONDecoder`, which then either succeeds or names the failing field.
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

    /// Why a document is not valid JSON, and where.
    package struct SyntaxError: Error, Hashable {
        /// The offset of the first byte that could not be read, from 0.
        package var offset: Int
        /// The field being read there, such as `photos[3].likes`; empty at the top level.
        package var path: String
        /// What was wrong, such as `a number must not start with "+"`.
        package var reason: String
    }

    /// Parses a whole document; `nil` if it is not valid JSON (or nests deeper than 64 levels).
    package static func parse(_ data: Data) -> Value? {
        try? parseDocument(data).get()
    }

    /// Parses a whole document, or says where and why it is not valid JSON.
    package static func parseDocument(_ data: Data) -> Result<Value, SyntaxError> {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = Parser(bytes: bytes)
            if let value = parser.value(depth: 0) {
                parser.skipWhitespace()
                if parser.position == bytes.count { return .success(value) }
                parser.fail("unexpected text after the document")
            }
            let failure = parser.failure ?? (parser.position, "the document is not valid JSON")
            let offset = min(failure.offset, bytes.count)
            return .failure(SyntaxError(offset: offset, path: path(at: offset, in: bytes), reason: failure.reason))
        }
    }

    /// The field being read at `offset`, found by scanning the document's structure up to it.
    private static func path(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        enum Frame {
            case object(key: String?)
            case array(index: Int)
        }
        var frames: [Frame] = []
        var position = 0
        while position < offset {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"): frames.append(.object(key: nil))
            case UInt8(ascii: "["): frames.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = frames.popLast()
            case UInt8(ascii: ","):
                switch frames.last {
                case .array(let index)?: frames[frames.count - 1] = .array(index: index + 1)
                case .object?: frames[frames.count - 1] = .object(key: nil)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let start = position + 1
                position = start
                while position < offset, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                if case .object(nil)? = frames.last, position < offset {
                    let end = min(position, bytes.count)
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    frames[frames.count - 1] = .object(key: key)
                }
            default: break
            }
            position += 1
        }
        var text = ""
        for frame in frames {
            switch frame {
            case .array(let index): text += "[\(index)]"
            case .object(let key?): text += text.isEmpty ? key : ".\(key)"
            case .object(nil): break
            }
        }
        return text
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// The first failure: where, and why.
        var failure: (offset: Int, reason: String)?

        /// Records the first failure at the current position; returns `nil` for `return fail(…)`.
        mutating func fail<T>(_ reason: String, at offset: Int? = nil) -> T? {
            if failure == nil { failure = (offset ?? position, reason) }
            return nil
        }

        mutating func fail(_ reason: String) {
            let _: Bool? = fail(reason)
        }

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
            guard depth < 64 else { return fail("the document nests deeper than 64 levels") }
            skipWhitespace()
            guard position < bytes.count else { return fail("the document ends where a value should be") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number().map(Value.number)
            default: return fail("a value cannot start with \(Self.describe(bytes[position]))")
            }
        }

        /// `"+"`, `"x"` or `byte 0xC3`, for messages.
        static func describe(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        private mutating func literal(_ text: StaticString, _ value: Value) -> Value? {
            let count = text.utf8CodeUnitCount
            for offset in 0..<count where position + offset >= bytes.count || bytes[position + offset] != text.utf8Start[offset] {
                return fail("expected `\(text)`", at: position + offset)
            }
            position += count
            return value
        }

        private mutating func object(depth: Int) -> Value? {
            elements(closedBy: UInt8(ascii: "}"), in: "an object") { $0.member(depth: depth) }.map(Value.object)
        }

        private mutating func array(depth: Int) -> Value? {
            elements(closedBy: UInt8(ascii: "]"), in: "an array") { $0.value(depth: depth + 1) }.map(Value.array)
        }

        /// `"key": value`, starting where the key's opening quote should be.
        private mutating func member(depth: Int) -> (key: String, value: Value)? {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return fail("expected a quoted key") }
            guard let key = string() else { return nil }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return fail("expected `:` after a key") }
            position += 1
            guard let value = value(depth: depth + 1) else { return nil }
            return (key, value)
        }

        /// Reads a container from its opening byte to `close`: the elements `readElement` reads,
        /// separated by commas. The one loop for objects and arrays.
        @inline(__always)
        private mutating func elements<Element>(
            closedBy close: UInt8,
            in container: StaticString,
            _ readElement: (inout Parser) -> Element?
        ) -> [Element]? {
            position += 1
            var elements: [Element] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == close {
                position += 1
                return elements
            }
            while true {
                guard let element = readElement(&self) else { return nil }
                elements.append(element)
                skipWhitespace()
                guard position < bytes.count else { return fail("the document ends inside \(container)") }
                let separator = bytes[position]
                position += 1
                if separator == close { return elements }
                guard separator == UInt8(ascii: ",") else {
                    return fail("expected `,` or `\(Character(Unicode.Scalar(close)))` in \(container)", at: position - 1)
                }
            }
        }

        /// Reads a string starting at its opening quote; its bytes must be valid UTF-8 (as
        /// `JSONDecoder` requires), without raw control characters.
        mutating func string() -> String? {
            position += 1
            let start = position
            // Fast path: no escapes, one slice.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    guard let text = Self.validUTF8(UnsafeBufferPointer(rebasing: bytes[start..<position])) else {
                        return fail("a string is not valid UTF-8", at: Self.firstInvalidUTF8(bytes, from: start, to: position))
                    }
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return fail("a string holds a raw control character (\(Self.describe(byte)))") }
                position += 1
            }
            var buffer = Array(bytes[start..<position])
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = Self.validUTF8(buffer) else {
                        return fail("a string is not valid UTF-8", at: Self.firstInvalidUTF8(bytes, from: start, to: position))
                    }
                    position += 1
                    return text
                case UInt8(ascii: "\\"):
                    position += 1
                    guard position < bytes.count else { return fail("the document ends inside a string") }
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
                                  bytes[position + 1] == UInt8(ascii: "u") else { return fail("a high surrogate is not followed by a low one") }
                            position += 2
                            guard let low = hex4() else { return nil }
                            guard (0xDC00..<0xE000).contains(low) else { return fail("a high surrogate is not followed by a low one") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return fail("a lone low surrogate") }
                        buffer.append(contentsOf: String(Character(unicode)).utf8)
                    default:
                        return fail("an unknown escape `\\\(Character(Unicode.Scalar(escape)))`", at: position - 1)
                    }
                default:
                    if byte < 0x20 { return fail("a string holds a raw control character (\(Self.describe(byte)))") }
                    buffer.append(byte)
                    position += 1
                }
            }
            return fail("the document ends inside a string")
        }

        /// The offset of the first byte in `start..<end` that is not valid UTF-8.
        /// The string `bytes` spell if they are valid UTF-8, else nil. `String(validating:as:)`
        /// needs iOS 18 / macOS 15; before that, decode (which repairs) and keep the result only
        /// if it is byte for byte the input.
        private static func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
            if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                return String(validating: bytes, as: UTF8.self)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.utf8.elementsEqual(bytes) ? text : nil
        }

        private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
            var offset = start
            var decoder = UTF8()
            var iterator = bytes[start..<end].makeIterator()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput, .error: return offset
                }
            }
        }

        private mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return fail("a `\\u` escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return fail("a `\\u` escape needs four hex digits")
                }
                position += 1
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// Reads a number with RFC 8259's grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`,
        /// and a finite value, exactly what `JSONDecoder` accepts; plain integers take a fast path.
        mutating func number() -> Double? {
            let start = position
            func digits() -> Int {
                let first = position
                while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
                return position - first
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            let integerDigits = digits()
            guard integerDigits > 0 else { return fail("a number needs a digit after `-`") }
            if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
                return fail("a number must not have a leading zero", at: integerStart)
            }
            var isInteger = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                isInteger = false
                position += 1
                guard digits() > 0 else { return fail("a number needs a digit after `.`") }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                isInteger = false
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { return fail("a number needs a digit in its exponent") }
            }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            if isInteger, integerDigits <= 15 {
                var value = 0.0
                for digit in slice[(integerStart - start)...] { value = value * 10 + Double(digit - UInt8(ascii: "0")) }
                return integerStart > start ? -value : value
            }
            guard let value = Double(String(decoding: slice, as: UTF8.self)), value.isFinite else {
                return fail("a number is too large to represent", at: start)
            }
            return value
        }
    }
}
