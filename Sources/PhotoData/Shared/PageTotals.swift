import Foundation

/// Reads the totals a server reports for a page, without trapping at any value it sends.
///
/// The rules, per field:
/// - `X-Total` (`GET /photos`): decimal digits, surrounding spaces allowed. A value
///   beyond `Int.max` is clamped to `Int.max`; a negative, empty or non-numeric value is
///   ignored and the totals are estimated from the page, as when the header is absent.
/// - `totalPages` is derived as ⌈total ÷ perPage⌉, computed without overflow.
/// - Estimates (no usable header) saturate at `Int.max` instead of overflowing.
enum PageTotals {
    /// `(total, totalPages)` for page `page` of `GET /photos` holding `count` items.
    static func editorial(totalHeader: String?, page: Int, perPage: Int, count: Int) -> (total: Int, totalPages: Int) {
        if let total = totalHeader.flatMap(parseCount) {
            return (total, pages(total: total, perPage: perPage))
        }
        if count < perPage {
            // No totals: a short page is the last one.
            return (saturating(page - 1, times: perPage, plus: count), count == 0 ? page - 1 : page)
        }
        // No totals: a full page may have a successor.
        return (saturating(page, times: perPage, plus: 0), page == Int.max ? page : page + 1)
    }

    /// A non-negative decimal count; clamped to `Int.max` when longer; `nil` when not a count.
    static func parseCount(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces).utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0
        for digit in digits {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit - 0x30))
            if overflow1 || overflow2 { return Int.max }
            value = sum
        }
        return value
    }

    /// ⌈total ÷ perPage⌉ for a non-negative `total` and positive `perPage`, without overflow.
    static func pages(total: Int, perPage: Int) -> Int {
        total / perPage + (total % perPage == 0 ? 0 : 1)
    }

    /// `a × b + c`, or `Int.max` when that does not fit (all arguments non-negative).
    private static func saturating(_ a: Int, times b: Int, plus c: Int) -> Int {
        let (product, overflow1) = a.multipliedReportingOverflow(by: b)
        let (sum, overflow2) = product.addingReportingOverflow(c)
        return overflow1 || overflow2 ? Int.max : sum
    }
}
