import Foundation
import Signals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's size in character cells.
package struct TerminalSize: Hashable, Sendable {
    /// Rows of text.
    package var rows: Int
    /// Columns of text.
    package var columns: Int

    /// Creates a size (each at least 1).
    package init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
    }
}

/// The keyboard and window of an interactive terminal: raw mode on and off, raw bytes in, and
/// the window size. ``standard`` is the process's own TTY; tests pass closures.
package struct TerminalDevice: Sendable {
    /// Switches the terminal to raw mode (no echo, no line buffering, no signals from keys).
    package var enterRawMode: @Sendable () -> Void
    /// Puts back the mode saved by ``enterRawMode``.
    package var restoreMode: @Sendable () -> Void
    /// Blocks until bytes arrive and returns them; `nil` at end of input.
    package var readBytes: @Sendable () -> [UInt8]?
    /// The window's size now.
    package var size: @Sendable () -> TerminalSize

    /// Creates a device from closures.
    package init(
        enterRawMode: @escaping @Sendable () -> Void,
        restoreMode: @escaping @Sendable () -> Void,
        readBytes: @escaping @Sendable () -> [UInt8]?,
        size: @escaping @Sendable () -> TerminalSize
    ) {
        self.enterRawMode = enterRawMode
        self.restoreMode = restoreMode
        self.readBytes = readBytes
        self.size = size
    }

    /// The process's stdin (keys, mode) and stdout (size).
    package static var standard: TerminalDevice {
        TerminalDevice(
            enterRawMode: { RawMode.enter(STDIN_FILENO) },
            restoreMode: { RawMode.restore(STDIN_FILENO) },
            readBytes: {
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count > 0 { return Array(buffer[0..<count]) }
                    if count < 0, errno == EINTR { continue }
                    return nil
                }
            },
            size: {
                var window = winsize()
                guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
                    return TerminalSize(rows: 24, columns: 80)
                }
                return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
            }
        )
    }

    /// The keys typed, decoded, read on a thread of their own so that nothing waiting for a
    /// request ever blocks the keyboard; the stream finishes at end of input.
    package func keys() -> AsyncStream<Key> {
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        let read = readBytes
        let thread = Thread {
            var decoder = KeyDecoder()
            while let bytes = read() {
                for key in decoder.decode(bytes) { continuation.yield(key) }
            }
            continuation.finish()
        }
        thread.name = "Demo keyboard"
        thread.start()
        return stream
    }
}

/// Saves a TTY's mode and switches it to raw mode; puts it back on ``restore(_:)``.
enum RawMode {
    // Written before the first raw mode and read when restoring, both on the main thread or in
    // the shutdown path; the lock keeps a signal-driven restore from racing a normal one.
    private static let saved = Locked<termios?>(nil)

    static func enter(_ descriptor: Int32) {
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return }
        saved.withLock { if $0 == nil { $0 = original } }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        // Output processing stays on, so "\n" still starts a new line.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSADRAIN, &raw)
    }

    static func restore(_ descriptor: Int32) {
        guard var original = saved.withLock({ $0 }) else { return }
        tcsetattr(descriptor, TCSADRAIN, &original)
    }
}
