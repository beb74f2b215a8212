import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the Demo reads lines and writes text: the process's stdin, stdout and stderr, or, in
/// tests, closures.
package struct Terminal: Sendable {
    /// Writes text to standard output, as is.
    package var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error, as is.
    package var writeErrorOutput: @Sendable (String) -> Void
    /// Reads one line of input without its newline; `nil` at end of input.
    package var readLine: @Sendable () -> String?
    /// Whether standard input and output are an interactive terminal (prompts, a spinner).
    package var isInteractive: Bool
    /// The keyboard and window when input is a terminal that can go raw (line editing, full
    /// screen); `nil` when input is piped.
    package var device: TerminalDevice?

    /// Creates a terminal from closures.
    package init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeErrorOutput: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String?,
        isInteractive: Bool,
        device: TerminalDevice? = nil
    ) {
        self.writeOutput = writeOutput
        self.writeErrorOutput = writeErrorOutput
        self.readLine = readLine
        self.isInteractive = isInteractive
        self.device = device
    }

    /// The process's stdin, stdout and stderr; interactive when stdin and stdout are both TTYs.
    package static var standard: Terminal {
        let isInteractive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        return Terminal(
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeErrorOutput: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            isInteractive: isInteractive,
            device: isInteractive ? .standard : nil
        )
    }

    /// Writes `text` and a newline to standard output.
    package func write(_ text: String, newline: Bool = true) {
        writeOutput(newline ? text + "\n" : text)
    }

    /// Writes `text` and a newline to standard error.
    package func writeError(_ text: String, newline: Bool = true) {
        writeErrorOutput(newline ? text + "\n" : text)
    }
}
