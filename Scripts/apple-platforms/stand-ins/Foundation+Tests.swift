// Stand-in additions for what the package's tests use of Apple's `Foundation` beyond the
// library: child processes and pipes (the tests are type-checked for macOS 13, where
// `swift test` runs). Signatures of Apple's SDK. Type-checking only.

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class FileHandle: NSObject, @unchecked Sendable {
    open class var standardInput: FileHandle { fatalError() }
    open class var standardOutput: FileHandle { fatalError() }
    open class var standardError: FileHandle { fatalError() }
    open class var nullDevice: FileHandle { fatalError() }
    public convenience init(fileDescriptor fd: Int32) { fatalError() }
    public init(fileDescriptor fd: Int32, closeOnDealloc closeopt: Bool) { fatalError() }
    open var fileDescriptor: Int32 { fatalError() }
    open var availableData: Data { fatalError() }
    open func readDataToEndOfFile() -> Data { fatalError() }
    open func write(_ data: Data) { fatalError() }
    open func closeFile() { fatalError() }
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
    open func close() throws { fatalError() }
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    open func readToEnd() throws -> Data? { fatalError() }
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    open func read(upToCount count: Int) throws -> Data? { fatalError() }
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    open func write<T: DataProtocol>(contentsOf data: T) throws { fatalError() }
    @available(macOS 10.7, iOS 5.0, tvOS 9.0, watchOS 2.0, *)
    open var readabilityHandler: (@Sendable (FileHandle) -> Void)? { get { fatalError() } set { fatalError() } }
}

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class Pipe: NSObject, @unchecked Sendable {
    public override init() { fatalError() }
    open var fileHandleForReading: FileHandle { fatalError() }
    open var fileHandleForWriting: FileHandle { fatalError() }
}

@available(macOS 10.0, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class Process: NSObject, @unchecked Sendable {
    public enum TerminationReason: Int, Sendable { case exit = 1, uncaughtSignal = 2 }
    public override init() { fatalError() }
    @available(macOS 10.13, *)
    open var executableURL: URL? { get { fatalError() } set { fatalError() } }
    open var arguments: [String]? { get { fatalError() } set { fatalError() } }
    open var environment: [String: String]? { get { fatalError() } set { fatalError() } }
    @available(macOS 10.13, *)
    open var currentDirectoryURL: URL? { get { fatalError() } set { fatalError() } }
    open var standardInput: Any? { get { fatalError() } set { fatalError() } }
    open var standardOutput: Any? { get { fatalError() } set { fatalError() } }
    open var standardError: Any? { get { fatalError() } set { fatalError() } }
    @available(macOS 10.13, *)
    open func run() throws { fatalError() }
    open func terminate() { fatalError() }
    open func interrupt() { fatalError() }
    open func waitUntilExit() { fatalError() }
    open var processIdentifier: Int32 { fatalError() }
    open var isRunning: Bool { fatalError() }
    open var terminationStatus: Int32 { fatalError() }
    open var terminationReason: TerminationReason { fatalError() }
    @available(macOS 10.7, *)
    open var terminationHandler: (@Sendable (Process) -> Void)? { get { fatalError() } set { fatalError() } }
}

extension Thread {
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public convenience init(block: @escaping @Sendable () -> Void) { fatalError() }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public class func detachNewThread(_ block: @escaping @Sendable () -> Void) { fatalError() }
    public func start() { fatalError() }
    public var name: String? { get { fatalError() } set { fatalError() } }
    public var stackSize: Int { get { fatalError() } set { fatalError() } }
}

extension JSONSerialization {
    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let prettyPrinted = WritingOptions(rawValue: 1)
        @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
        public static let sortedKeys = WritingOptions(rawValue: 2)
        public static let fragmentsAllowed = WritingOptions(rawValue: 4)
    }
    public class func data(withJSONObject obj: Any, options opt: WritingOptions = []) throws -> Data { fatalError() }
    public class func isValidJSONObject(_ obj: Any) -> Bool { fatalError() }
}

extension Bundle {
    @available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    public var executableURL: URL? { fatalError() }
    public var executablePath: String? { fatalError() }
}

extension FileManager {
    public func isExecutableFile(atPath path: String) -> Bool { fatalError() }
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
    public func contentsOfDirectory(atPath path: String) throws -> [String] { fatalError() }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public var temporaryDirectory: URL { fatalError() }
    public func removeItem(atPath path: String) throws { fatalError() }
    @available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    public func removeItem(at url: URL) throws { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct POSIXError: Error, Hashable, Sendable {
    public init(_ code: POSIXErrorCode) { fatalError() }
    public var code: POSIXErrorCode { fatalError() }
}

// Reading sources in tests (WaitingTestsTimeLimitTests): regular expressions, the NSRange /
// Range<String.Index> conversions of Foundation's Swift overlay, and the directory enumerator.
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public let NSNotFound: Int = Int.max
extension NSRange {
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init<R: RangeExpression, S: StringProtocol>(_ region: R, in target: S) where R.Bound == String.Index { fatalError() }
}
extension Range where Bound == String.Index {
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init?<S: StringProtocol>(_ range: NSRange, in string: S) { fatalError() }
}
@available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
open class NSTextCheckingResult: NSObject {
    open var range: NSRange { fatalError() }
    open var numberOfRanges: Int { fatalError() }
    open func range(at idx: Int) -> NSRange { fatalError() }
}
@available(macOS 10.7, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
open class NSRegularExpression: NSObject {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let caseInsensitive = Options(rawValue: 1)
        public static let anchorsMatchLines = Options(rawValue: 16)
    }
    public struct MatchingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public init(pattern: String, options: Options = []) throws { fatalError() }
    open func firstMatch(in string: String, options: MatchingOptions = [], range: NSRange) -> NSTextCheckingResult? { fatalError() }
    open func matches(in string: String, options: MatchingOptions = [], range: NSRange) -> [NSTextCheckingResult] { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSEnumerator: NSObject {
    open func nextObject() -> Any? { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public struct NSFastEnumerationIterator: IteratorProtocol {
    public mutating func next() -> Any? { fatalError() }
}
extension NSEnumerator: Sequence {
    public func makeIterator() -> NSFastEnumerationIterator { fatalError() }
}
@available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
public struct URLResourceKey: RawRepresentable, Hashable, Sendable {
    public init(rawValue: String) { fatalError() }
    public var rawValue: String { fatalError() }
}
extension URL {
    public var standardizedFileURL: URL { fatalError() }
}
extension FileManager {
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
    open class DirectoryEnumerator: NSEnumerator {}
    @available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    public struct DirectoryEnumerationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let skipsHiddenFiles = DirectoryEnumerationOptions(rawValue: 4)
    }
    @available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    public func enumerator(at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?, options mask: DirectoryEnumerationOptions = [], errorHandler handler: ((URL, any Error) -> Bool)? = nil) -> DirectoryEnumerator? { fatalError() }
}
