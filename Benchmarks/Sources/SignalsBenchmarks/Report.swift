#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a workload must reach on the target machine (release build).
struct Target {
    /// The largest acceptable Signals figure, in the row's unit.
    var maximum: Double?
    /// The largest acceptable Signals / OpenCombine ratio.
    var maximumRatio: Double?

    var description: String {
        var parts: [String] = []
        if let maximum { parts.append("≤ \(format(maximum))") }
        if let maximumRatio { parts.append("ratio ≤ \(format(maximumRatio))") }
        return parts.joined(separator: ", ")
    }
}

/// One line of the report.
struct Row {
    var id: String
    var name: String
    var unit: String
    var signals: Double?
    var openCombine: Double?
    /// The same work done by plain closure calls, where such a floor exists.
    var floor: Double?
    var target: Target?
    /// Whether the Signals / OpenCombine ratio is meaningful for this row.
    var showsRatio = true
    var note: String = ""
    /// The threads the process had when the row was measured: 1 (as the harness starts it) or 2
    /// (a parked thread started first, as in every app); see Threads.swift.
    var threads: Int?

    var ratio: Double? {
        guard showsRatio, let signals, let openCombine, openCombine > 0 else { return nil }
        return signals / openCombine
    }

    /// `nil` when the row has no target or nothing was measured.
    var isTargetMet: Bool? {
        guard let target, let signals else { return nil }
        if let maximum = target.maximum, signals > maximum { return false }
        if let maximumRatio = target.maximumRatio {
            guard let ratio else { return false }
            if ratio > maximumRatio { return false }
        }
        return true
    }

    var status: String {
        switch isTargetMet {
        case .some(true): "met"
        case .some(false): "MISSED"
        case .none: signals == nil ? "pending" : ""
        }
    }
}

// MARK: Table

func renderTable(_ rows: [Row], configuration: Configuration) -> String {
    let header = ["workload", "threads", "unit", "Signals", "OpenCombine", "ratio", "floor", "target", "status", "note"]
    let cells: [[String]] = rows.map { row in
        [
            "\(row.id) \(row.name)",
            row.threads.map(String.init) ?? "-",
            row.unit,
            row.signals.map(formatCell) ?? "-",
            row.openCombine.map(formatCell) ?? "-",
            row.ratio.map { format($0) } ?? "-",
            row.floor.map(formatCell) ?? "-",
            row.target?.description ?? "-",
            row.status,
            row.note,
        ]
    }
    let rightAligned: Set<Int> = [1, 3, 4, 5, 6]
    var widths = header.map { $0.count }
    for line in cells {
        for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func render(_ line: [String]) -> String {
        var text = "|"
        for (index, cell) in line.enumerated() {
            let padding = String(repeating: " ", count: widths[index] - cell.count)
            text += " " + (rightAligned.contains(index) ? padding + cell : cell + padding) + " |"
        }
        return text
    }
    var lines = [render(header)]
    lines.append("|" + widths.map { String(repeating: "-", count: $0 + 2) + "|" }.joined())
    lines += cells.map(render)
    let mode = configuration.quick ? "quick" : "full"
    lines.append("")
    lines.append("Median of \(configuration.repetitions) repetitions (\(mode) mode, ≥ \(configuration.minimumRepetitionNanoseconds / 1_000_000) ms each); ratio = Signals / OpenCombine, both measured in the same process; floor = the same closures called directly; threads = 1 (the process as started) or 2 (a parked thread started first, as in every app), each workload in a fresh process.")
    return lines.joined(separator: "\n")
}

/// A figure for the table: integers with thousands separators, small numbers with decimals.
func formatCell(_ value: Double) -> String {
    if value >= 1000 {
        var digits = String(Int(value.rounded()))
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
    return format(value)
}

// MARK: JSON

func renderJSON(_ rows: [Row], configuration: Configuration) -> String {
    func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return String(value)
    }
    func string(_ value: String) -> String {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }
    let objects = rows.map { row in
        let met = row.isTargetMet.map { $0 ? "true" : "false" } ?? "null"
        let fields = [
            "\"id\": \(string(row.id))",
            "\"workload\": \(string(row.name))",
            "\"threads\": \(row.threads.map(String.init) ?? "null")",
            "\"unit\": \(string(row.unit))",
            "\"signals\": \(number(row.signals))",
            "\"openCombine\": \(number(row.openCombine))",
            "\"ratio\": \(number(row.ratio))",
            "\"floor\": \(number(row.floor))",
            "\"targetMaximum\": \(number(row.target?.maximum))",
            "\"targetMaximumRatio\": \(number(row.target?.maximumRatio))",
            "\"targetMet\": \(met)",
            "\"status\": \(string(row.status))",
            "\"note\": \(string(row.note))",
        ]
        return "    {" + fields.joined(separator: ", ") + "}"
    }
    return """
    {
      "mode": \(string(configuration.quick ? "quick" : "full")),
      "repetitions": \(configuration.repetitions),
      "minimumRepetitionMilliseconds": \(configuration.minimumRepetitionNanoseconds / 1_000_000),
      "rows": [
    \(objects.joined(separator: ",\n"))
      ]
    }
    """
}

/// Writes `text` to the file at `path`; returns false on failure.
func writeFile(_ text: String, toPath path: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    var text = text
    return text.withUTF8 { bytes in
        fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
    }
}
