/// Turns the bytes a terminal sends in raw mode into ``Key``s: UTF-8 characters, control keys,
/// and the escape sequences of arrows, Home/End, Page Up/Down and Delete (VT100 and xterm forms).
///
/// Bytes may arrive split anywhere: an unfinished character or sequence waits for the next
/// chunk. An Escape byte that ends a chunk is a lone Escape key (a terminal writes a whole
/// sequence at once), so Esc works without a timeout.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("a\u{1B}[A\r".utf8))   // [.character("a"), .up, .enter]
/// ```
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    package init() {}

    /// The keys completed by `bytes` (with whatever was pending before them).
    package mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(in: pending[index...]) else { break }
            keys.append(key)
            index += length
        }
        pending.removeFirst(index)
        // A chunk ending in a lone ESC (or ESC followed by nothing decodable yet) is the Escape key.
        if pending == [0x1B] {
            pending = []
            keys.append(.escape)
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it takes, or `nil` if incomplete.
    private static func key(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B:
            return escapeSequence(in: bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x09:
            return (.tab, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F:
            return (.unknown, 1)
        default:
            return utf8Character(in: bytes)
        }
    }

    private static func utf8Character(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown, 1)
        }
        guard bytes.count >= length else { return nil }
        var iterator = bytes.prefix(length).makeIterator()
        var utf8 = UTF8()
        guard case .scalarValue(let scalar) = utf8.decode(&iterator), !(0x80...0x9F).contains(scalar.value)
        else { return (.unknown, length) }
        return (.character(Character(scalar)), length)
    }

    private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        switch introducer {
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
            var index = start + 2
            while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return nil }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            let final = bytes[index]
            return (csiKey(parameters: parameters, final: final), index - start + 1)
        case UInt8(ascii: "O"):
            // SS3: arrows and Home/End in application cursor mode.
            guard bytes.count >= 3 else { return nil }
            return (csiKey(parameters: "", final: bytes[start + 2]), 3)
        case 0x1B:
            return (.escape, 1)
        default:
            // Alt-<key>: the key itself.
            return (.escape, 1)
        }
    }

    private static func csiKey(parameters: String, final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return .unknown
            }
        default:
            return .unknown
        }
    }
}
