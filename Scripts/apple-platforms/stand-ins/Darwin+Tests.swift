// Stand-in additions for what the package's tests and the Demo's terminal code use of Apple's
// `Darwin` beyond the library (type-checked for macOS 13, where `swift test` runs), with the
// signatures Swift imports from Apple's SDK headers (imported C functions' results are discardable).
// POSIX: the headers carry no availability.
// Type-checking only.

@discardableResult public func alarm(_ seconds: UInt32) -> UInt32 { fatalError() }
@discardableResult public func dlsym(_ handle: UnsafeMutableRawPointer!, _ symbol: UnsafePointer<CChar>!) -> UnsafeMutableRawPointer! { fatalError() }

public typealias tcflag_t = UInt
public typealias cc_t = UInt8
public typealias speed_t = UInt
public struct termios {
    public var c_iflag: tcflag_t
    public var c_oflag: tcflag_t
    public var c_cflag: tcflag_t
    public var c_lflag: tcflag_t
    public var c_cc: (cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t)
    public var c_ispeed: speed_t
    public var c_ospeed: speed_t
    public init() { fatalError() }
}
public struct winsize {
    public var ws_row: UInt16
    public var ws_col: UInt16
    public var ws_xpixel: UInt16
    public var ws_ypixel: UInt16
    public init() { fatalError() }
    public init(ws_row: UInt16, ws_col: UInt16, ws_xpixel: UInt16, ws_ypixel: UInt16) { fatalError() }
}
public var BRKINT: Int32 { 0x2 }
public var ICRNL: Int32 { 0x100 }
public var INPCK: Int32 { 0x10 }
public var ISTRIP: Int32 { 0x20 }
public var IXON: Int32 { 0x200 }
public var OPOST: Int32 { 0x1 }
public var ECHO: Int32 { 0x8 }
public var ICANON: Int32 { 0x100 }
public var IEXTEN: Int32 { 0x400 }
public var ISIG: Int32 { 0x80 }
public var CS8: Int32 { 0x300 }
public var VMIN: Int32 { 16 }
public var VTIME: Int32 { 17 }
public var TCSANOW: Int32 { 0 }
public var TCSADRAIN: Int32 { 1 }
public var TIOCGWINSZ: UInt { 0x40087468 }
public var TIOCSWINSZ: UInt { 0x80087467 }
public var STDIN_FILENO: Int32 { 0 }
public var STDOUT_FILENO: Int32 { 1 }
public var STDERR_FILENO: Int32 { 2 }
public var SIGHUP: Int32 { 1 }
public var SIGINT: Int32 { 2 }
public var SIGKILL: Int32 { 9 }
public var SIGTERM: Int32 { 15 }
public var SIGWINCH: Int32 { 28 }
public var EINTR: Int32 { 4 }
public var EAGAIN: Int32 { 35 }
public var ENOTTY: Int32 { 25 }
public var errno: Int32 { get { fatalError() } set { fatalError() } }
public typealias sig_t = @convention(c) (Int32) -> Void
public var SIG_DFL: sig_t? { fatalError() }
public var SIG_IGN: sig_t { fatalError() }
@discardableResult public func signal(_ sig: Int32, _ handler: sig_t!) -> sig_t! { fatalError() }
@discardableResult public func tcgetattr(_ fd: Int32, _ termios: UnsafeMutablePointer<termios>!) -> Int32 { fatalError() }
@discardableResult public func tcsetattr(_ fd: Int32, _ action: Int32, _ termios: UnsafePointer<termios>!) -> Int32 { fatalError() }
@discardableResult public func ioctl(_ fd: Int32, _ request: UInt, _ value: UnsafeMutableRawPointer) -> Int32 { fatalError() }
@discardableResult public func isatty(_ fd: Int32) -> Int32 { fatalError() }
@discardableResult public func read(_ fd: Int32, _ buf: UnsafeMutableRawPointer!, _ nbyte: Int) -> Int { fatalError() }
@discardableResult public func close(_ fd: Int32) -> Int32 { fatalError() }
@discardableResult public func kill(_ pid: Int32, _ sig: Int32) -> Int32 { fatalError() }
@discardableResult public func pipe(_ fds: UnsafeMutablePointer<Int32>!) -> Int32 { fatalError() }
@discardableResult public func openpty(_ amaster: UnsafeMutablePointer<Int32>!, _ aslave: UnsafeMutablePointer<Int32>!, _ name: UnsafeMutablePointer<CChar>!, _ termp: UnsafeMutablePointer<termios>!, _ winp: UnsafeMutablePointer<winsize>!) -> Int32 { fatalError() }

public enum POSIXErrorCode: Int32, Sendable {
    case EPERM = 1, ENOENT = 2, EINTR = 4, EIO = 5, EBADF = 9, EAGAIN = 35, ENOTTY = 25, EPIPE = 32
}
