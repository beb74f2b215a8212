import Foundation

/// Parses and formats the ISO 8601 timestamps Unsplash uses (`2016-05-03T11:00:28-04:00`).
///
/// Hand-written because `ISO8601DateFormatter` is slow enough on Linux to dominate catalog load.
package enum Timestamp {
    /// Parses `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±HH:MM|±HHMM)`; returns `nil` for anything else.
    package static func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)[...]
        func number(_ digits: Int) -> Int? {
            guard utf8.count >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = utf8.removeFirst()
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard utf8.first == character else { return false }
            utf8.removeFirst()
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")),
              let month = number(2), (1...12).contains(month), expect(UInt8(ascii: "-")),
              let day = number(2), (1...31).contains(day),
              expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")),
              let hour = number(2), hour < 24, expect(UInt8(ascii: ":")),
              let minute = number(2), minute < 60, expect(UInt8(ascii: ":")),
              let second = number(2), second < 61
        else { return nil }
        var fraction = 0.0
        if expect(UInt8(ascii: ".")) {
            var scale = 0.1
            while let byte = utf8.first, byte >= 48, byte <= 57 {
                fraction += Double(byte - 48) * scale
                scale /= 10
                utf8.removeFirst()
            }
        }
        var offsetSeconds = 0
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            utf8.removeFirst()
            guard let hours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2) else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard utf8.isEmpty else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        // In Int64: seconds since 1970 pass Int32.max in 2038, and `Int` is 32 bits on watchOS.
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The earliest instant ``string(from:)`` shows as itself: `0000-01-01T00:00:00Z`.
    package static let earliestFormattable: Double = -62_167_219_200
    /// The latest instant ``string(from:)`` shows as itself: `9999-12-31T23:59:59Z`.
    package static let latestFormattable: Double = 253_402_300_799

    /// Formats a date as `yyyy-MM-ddTHH:mm:ssZ` in UTC (whole seconds).
    ///
    /// Never traps, however far the date: one before year 0 is shown as `0000-01-01T00:00:00Z`,
    /// one after year 9999 (or not a number, as a server's `Retry-After: 1e300` can make) as
    /// `9999-12-31T23:59:59Z`.
    package static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        // `Int(_:)` traps beyond ±9.2e18 and on NaN: clamp in Double first.
        let clamped = seconds.isNaN ? latestFormattable : min(max(seconds, earliestFormattable), latestFormattable)
        // In Int64 (±2.5e11 s does not fit a 32-bit `Int`, as on watchOS); the day count
        // (±3.7 million) and the seconds of a day do, so they narrow without a check.
        let total = Int64(clamped.rounded(.down))
        let days64 = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = Int(truncatingIfNeeded: total - days64 * 86_400)
        let days = Int(truncatingIfNeeded: days64)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(daysSinceEpoch days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }
}
