/// Which colours the terminal can show.
package enum ColorMode: Hashable, Sendable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor
    /// The xterm 256-colour palette.
    case palette256

    /// The mode an environment's `COLORTERM` asks for.
    package static func detect(environment: [String: String]) -> ColorMode {
        let value = environment["COLORTERM"]?.lowercased() ?? ""
        return value.contains("truecolor") || value.contains("24bit") ? .trueColor : .palette256
    }
}

/// Turns ``Frame``s into ANSI/VT output: the first frame (or one of a new size) is drawn
/// whole; after that only the rows that changed are written again.
package struct FrameRenderer: Sendable {
    /// Enters the alternate screen and hides the cursor.
    package static let enterScreen = "\u{1B}[?1049h\u{1B}[?25l"
    /// Shows the cursor and leaves the alternate screen (the shell's screen comes back).
    package static let leaveScreen = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Which colours are written.
    package let colorMode: ColorMode
    private var previous: Frame?

    /// Creates a renderer that has drawn nothing yet.
    package init(colorMode: ColorMode) {
        self.colorMode = colorMode
    }

    /// Forgets what is on screen, so the next frame is drawn whole (after a resize or Ctrl-L).
    package mutating func invalidate() {
        previous = nil
    }

    /// The output that turns the screen from the previous frame into `frame`.
    package mutating func render(_ frame: Frame) -> String {
        var output = ""
        let old = previous?.size == frame.size && previous?.lines.count == frame.lines.count ? previous : nil
        if old == nil { output += "\u{1B}[0m\u{1B}[2J" }
        for (row, line) in frame.lines.enumerated() where old?.lines[row] != line {
            output += "\u{1B}[\(row + 1);1H"
            var current: TextStyle?
            for span in line.spans {
                if span.style != current {
                    output += sgr(span.style)
                    current = span.style
                }
                output += span.text
            }
            output += "\u{1B}[0m"
        }
        previous = frame
        return output
    }

    /// The Select Graphic Rendition sequence for `style` (from a reset).
    func sgr(_ style: TextStyle) -> String {
        var codes = ["0"]
        if style.isBold { codes.append("1") }
        if style.isDim { codes.append("2") }
        if style.isInverse { codes.append("7") }
        if let foreground = style.foreground { codes.append("38;" + color(foreground)) }
        if let background = style.background { codes.append("48;" + color(background)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func color(_ rgb: RGB) -> String {
        switch colorMode {
        case .trueColor: "2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        case .palette256: "5;\(Self.paletteIndex(rgb))"
        }
    }

    /// The nearest colour of the xterm 256-colour palette (its 6×6×6 cube or its grey ramp).
    static func paletteIndex(_ rgb: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        let (r, g, b) = (nearestLevel(rgb.red), nearestLevel(rgb.green), nearestLevel(rgb.blue))
        let cube = (levels[r], levels[g], levels[b])
        let average = (Int(rgb.red) + Int(rgb.green) + Int(rgb.blue)) / 3
        let greyStep = max(0, min(23, (average - 3) / 10))
        let grey = 8 + greyStep * 10
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(rgb.red), dg = c.1 - Int(rgb.green), db = c.2 - Int(rgb.blue)
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }
}
