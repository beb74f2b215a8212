// Stand-in for the parts of Apple's `Foundation` the package uses, with the Swift signatures of
// Apple's SDK (Xcode 16; availability where Apple marks an API newer than iOS 16 / macOS 13).
// Type-checking only: the bodies never run. Like Apple's, it re-exports Darwin, Dispatch and
// ObjectiveC. See Scripts/check-apple-platforms.sh and README.md, "Platforms".
@_exported import ObjectiveC
@_exported import Darwin
@_exported import Dispatch

public typealias TimeInterval = Double

// MARK: - Errors

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public protocol LocalizedError: Error {
    var errorDescription: String? { get }
    var failureReason: String? { get }
    var recoverySuggestion: String? { get }
    var helpAnchor: String? { get }
}
extension LocalizedError {
    public var errorDescription: String? { nil }
    public var failureReason: String? { nil }
    public var recoverySuggestion: String? { nil }
    public var helpAnchor: String? { nil }
}
extension Error {
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var localizedDescription: String { fatalError() }
}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public protocol CustomNSError: Error {
    static var errorDomain: String { get }
    var errorCode: Int { get }
    var errorUserInfo: [String: Any] { get }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSError: NSObject, Error, @unchecked Sendable {
    public init(domain: String, code: Int, userInfo dict: [String: Any]? = nil) { fatalError() }
    open var domain: String { fatalError() }
    open var code: Int { fatalError() }
    open var userInfo: [String: Any] { fatalError() }
}
@available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public let NSURLErrorDomain: String = "NSURLErrorDomain"
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public let NSLocalizedDescriptionKey: String = "NSLocalizedDescription"
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public let NSUnderlyingErrorKey: String = "NSUnderlyingError"
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct URLError: Error, Hashable, Sendable {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let cancelled = Code(rawValue: -999)
        public static let timedOut = Code(rawValue: -1001)
        public static let badURL = Code(rawValue: -1000)
        public static let notConnectedToInternet = Code(rawValue: -1009)
        public static let cannotConnectToHost = Code(rawValue: -1004)
        public static let networkConnectionLost = Code(rawValue: -1005)
        public static let badServerResponse = Code(rawValue: -1011)
        public static let httpTooManyRedirects = Code(rawValue: -1007)
        public static let cannotFindHost = Code(rawValue: -1003)
        public static let dataLengthExceedsMaximum = Code(rawValue: -1103)
        public static let unknown = Code(rawValue: -1)
        public static let unsupportedURL = Code(rawValue: -1002)
        public static let dnsLookupFailed = Code(rawValue: -1006)
        public static let secureConnectionFailed = Code(rawValue: -1200)
        public static let serverCertificateUntrusted = Code(rawValue: -1202)
        public static let serverCertificateHasBadDate = Code(rawValue: -1201)
        public static let serverCertificateNotYetValid = Code(rawValue: -1204)
        public static let serverCertificateHasUnknownRoot = Code(rawValue: -1203)
        public static let clientCertificateRejected = Code(rawValue: -1205)
        public static let cannotParseResponse = Code(rawValue: -1017)
        public static let zeroByteResource = Code(rawValue: -1014)
        public static let userAuthenticationRequired = Code(rawValue: -1013)
        public static let resourceUnavailable = Code(rawValue: -1008)
        public static let redirectToNonExistentLocation = Code(rawValue: -1010)
        public static let cannotDecodeRawData = Code(rawValue: -1015)
        public static let cannotDecodeContentData = Code(rawValue: -1016)
        public static let internationalRoamingOff = Code(rawValue: -1018)
        public static let dataNotAllowed = Code(rawValue: -1020)
    }
    public init(_ code: Code, userInfo: [String: Any] = [:]) { fatalError() }
    public var code: Code { fatalError() }
    public var errorCode: Int { fatalError() }
    public var failingURL: URL? { fatalError() }
    public var userInfo: [String: Any] { fatalError() }
    public var localizedDescription: String { fatalError() }
    public static func == (a: URLError, b: URLError) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) {}
    public static let cancelled = Code.cancelled
    public static let timedOut = Code.timedOut
}

// MARK: - Data

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct Data: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Hashable, Sendable, Codable, ContiguousBytes {
    public typealias Index = Int
    public typealias Element = UInt8
    public typealias SubSequence = Data
    public typealias Indices = Range<Int>
    public init() {}
    public init(_ elements: some Sequence<UInt8>) { fatalError() }
    public init(bytes: UnsafeRawPointer, count: Int) { fatalError() }
    public init(buffer: UnsafeBufferPointer<some Any>) { fatalError() }
    public init(count: Int) { fatalError() }
    public init(capacity: Int) { fatalError() }
    public init(repeating: UInt8, count: Int) { fatalError() }
    public init(contentsOf url: URL, options: ReadingOptions = []) throws { fatalError() }
    public init?(base64Encoded base64String: String, options: Base64DecodingOptions = []) { fatalError() }
    public struct ReadingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public struct WritingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }; public static let atomic = WritingOptions(rawValue: 1) }
    public struct Base64DecodingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public struct Base64EncodingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public var startIndex: Int { fatalError() }
    public var endIndex: Int { fatalError() }
    public subscript(position: Int) -> UInt8 { get { fatalError() } set { fatalError() } }
    public subscript(bounds: Range<Int>) -> Data { get { fatalError() } set { fatalError() } }
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == UInt8 { fatalError() }
    public mutating func append(_ other: Data) { fatalError() }
    public mutating func append(contentsOf bytes: [UInt8]) { fatalError() }
    public mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int) { fatalError() }
    public func subdata(in range: Range<Int>) -> Data { fatalError() }
    public func base64EncodedString(options: Base64EncodingOptions = []) -> String { fatalError() }
    public func write(to url: URL, options: WritingOptions = []) throws { fatalError() }
    public func withUnsafeBytes<ResultType>(_ body: (UnsafeRawBufferPointer) throws -> ResultType) rethrows -> ResultType { fatalError() }
    public mutating func withUnsafeMutableBytes<ResultType>(_ body: (UnsafeMutableRawBufferPointer) throws -> ResultType) rethrows -> ResultType { fatalError() }
    public func copyBytes(to pointer: UnsafeMutablePointer<UInt8>, count: Int) { fatalError() }
    public func range(of dataToFind: Data, options: SearchOptions = [], in range: Range<Int>? = nil) -> Range<Int>? { fatalError() }
    public struct SearchOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public protocol ContiguousBytes {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public protocol DataProtocol: RandomAccessCollection where Element == UInt8 {}
extension Data: DataProtocol {}
extension Array: ContiguousBytes where Element == UInt8 {}

// MARK: - Date

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct Date: Comparable, Hashable, Sendable, Codable {
    public init() { fatalError() }
    public init(timeIntervalSince1970: TimeInterval) { fatalError() }
    public init(timeIntervalSinceNow: TimeInterval) { fatalError() }
    public init(timeIntervalSinceReferenceDate: TimeInterval) { fatalError() }
    public init(timeInterval: TimeInterval, since date: Date) { fatalError() }
    public var timeIntervalSince1970: TimeInterval { fatalError() }
    public var timeIntervalSinceNow: TimeInterval { fatalError() }
    public var timeIntervalSinceReferenceDate: TimeInterval { fatalError() }
    public func timeIntervalSince(_ date: Date) -> TimeInterval { fatalError() }
    public func addingTimeInterval(_ timeInterval: TimeInterval) -> Date { fatalError() }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public static var now: Date { fatalError() }
    public static let distantPast = Date(timeIntervalSince1970: 0)
    public static let distantFuture = Date(timeIntervalSince1970: 0)
    public static func < (a: Date, b: Date) -> Bool { fatalError() }
    public static func + (a: Date, b: TimeInterval) -> Date { fatalError() }
    public static func - (a: Date, b: TimeInterval) -> Date { fatalError() }
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct Locale: Hashable, Sendable {
    public init(identifier: String) { fatalError() }
    public static var current: Locale { fatalError() }
}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct TimeZone: Hashable, Sendable {
    public init?(identifier: String) { fatalError() }
    public init?(secondsFromGMT seconds: Int) { fatalError() }
    public static var current: TimeZone { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class Formatter: NSObject, @unchecked Sendable {}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class DateFormatter: Formatter, @unchecked Sendable {
    public override init() { fatalError() }
    open var dateFormat: String! { get { fatalError() } set { fatalError() } }
    open var locale: Locale! { get { fatalError() } set { fatalError() } }
    open var timeZone: TimeZone! { get { fatalError() } set { fatalError() } }
    open func string(from date: Date) -> String { fatalError() }
    open func date(from string: String) -> Date? { fatalError() }
}
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
open class ISO8601DateFormatter: Formatter, @unchecked Sendable {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let withInternetDateTime = Options(rawValue: 1)
        @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
        public static let withFractionalSeconds = Options(rawValue: 2)
    }
    public override init() { fatalError() }
    open var formatOptions: Options { get { fatalError() } set { fatalError() } }
    open var timeZone: TimeZone! { get { fatalError() } set { fatalError() } }
    open func string(from date: Date) -> String { fatalError() }
    open func date(from string: String) -> Date? { fatalError() }
}

// MARK: - URL

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct URL: Hashable, Sendable, Codable, CustomStringConvertible {
    public init?(string: String) { fatalError() }
    public init?(string: String, relativeTo url: URL?) { fatalError() }
    public init(fileURLWithPath path: String) { fatalError() }
    public init(fileURLWithPath path: String, isDirectory: Bool) { fatalError() }
    public var absoluteString: String { fatalError() }
    public var absoluteURL: URL { fatalError() }
    public var scheme: String? { fatalError() }
    public var host: String? { fatalError() }
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public func host(percentEncoded: Bool = true) -> String? { fatalError() }
    public var port: Int? { fatalError() }
    public var user: String? { fatalError() }
    public var password: String? { fatalError() }
    public var path: String { fatalError() }
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public func path(percentEncoded: Bool = true) -> String { fatalError() }
    public var query: String? { fatalError() }
    public var fragment: String? { fatalError() }
    public var lastPathComponent: String { fatalError() }
    public var pathComponents: [String] { fatalError() }
    public var pathExtension: String { fatalError() }
    public var isFileURL: Bool { fatalError() }
    public var baseURL: URL? { fatalError() }
    public var description: String { fatalError() }
    public func appendingPathComponent(_ pathComponent: String) -> URL { fatalError() }
    public func appendingPathComponent(_ pathComponent: String, isDirectory: Bool) -> URL { fatalError() }
    public func deletingLastPathComponent() -> URL { fatalError() }
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public func appending(path: some StringProtocol, directoryHint: DirectoryHint = .inferFromPath) -> URL { fatalError() }
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public func appending(queryItems: [URLQueryItem]) -> URL { fatalError() }
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public enum DirectoryHint: Sendable { case isDirectory, notDirectory, checkFileSystem, inferFromPath }
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct URLQueryItem: Hashable, Sendable {
    public init(name: String, value: String?) { fatalError() }
    public var name: String
    public var value: String?
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct URLComponents: Hashable, Sendable {
    public init() {}
    public init?(url: URL, resolvingAgainstBaseURL resolve: Bool) { fatalError() }
    public init?(string: String) { fatalError() }
    public var url: URL? { fatalError() }
    public var string: String? { fatalError() }
    public var scheme: String? { get { fatalError() } set { fatalError() } }
    public var host: String? { get { fatalError() } set { fatalError() } }
    public var port: Int? { get { fatalError() } set { fatalError() } }
    public var path: String { get { fatalError() } set { fatalError() } }
    public var user: String? { get { fatalError() } set { fatalError() } }
    public var password: String? { get { fatalError() } set { fatalError() } }
    public var query: String? { get { fatalError() } set { fatalError() } }
    public var percentEncodedQuery: String? { get { fatalError() } set { fatalError() } }
    public var percentEncodedPath: String { get { fatalError() } set { fatalError() } }
    public var queryItems: [URLQueryItem]? { get { fatalError() } set { fatalError() } }
    @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
    public var percentEncodedQueryItems: [URLQueryItem]? { get { fatalError() } set { fatalError() } }
    public var fragment: String? { get { fatalError() } set { fatalError() } }
}

// MARK: - Strings

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct CharacterSet: Hashable, Sendable, SetAlgebra {
    public init() {}
    public init(charactersIn string: String) { fatalError() }
    public static var whitespaces: CharacterSet { fatalError() }
    public static var whitespacesAndNewlines: CharacterSet { fatalError() }
    public static var newlines: CharacterSet { fatalError() }
    public static var alphanumerics: CharacterSet { fatalError() }
    public static var letters: CharacterSet { fatalError() }
    public static var decimalDigits: CharacterSet { fatalError() }
    public static var controlCharacters: CharacterSet { fatalError() }
    public static var punctuationCharacters: CharacterSet { fatalError() }
    public static var symbols: CharacterSet { fatalError() }
    public static var illegalCharacters: CharacterSet { fatalError() }
    public static var nonBaseCharacters: CharacterSet { fatalError() }
    public static var urlQueryAllowed: CharacterSet { fatalError() }
    public static var urlPathAllowed: CharacterSet { fatalError() }
    public static var urlHostAllowed: CharacterSet { fatalError() }
    public var inverted: CharacterSet { fatalError() }
    public func contains(_ member: Unicode.Scalar) -> Bool { fatalError() }
    public mutating func insert(_ newMember: Unicode.Scalar) -> (inserted: Bool, memberAfterInsert: Unicode.Scalar) { fatalError() }
    public mutating func update(with newMember: Unicode.Scalar) -> Unicode.Scalar? { fatalError() }
    public mutating func remove(_ member: Unicode.Scalar) -> Unicode.Scalar? { fatalError() }
    public mutating func insert(charactersIn string: String) { fatalError() }
    public mutating func remove(charactersIn string: String) { fatalError() }
    public func union(_ other: CharacterSet) -> CharacterSet { fatalError() }
    public mutating func formUnion(_ other: CharacterSet) { fatalError() }
    public func intersection(_ other: CharacterSet) -> CharacterSet { fatalError() }
    public mutating func formIntersection(_ other: CharacterSet) { fatalError() }
    public func symmetricDifference(_ other: CharacterSet) -> CharacterSet { fatalError() }
    public mutating func formSymmetricDifference(_ other: CharacterSet) { fatalError() }
    public func subtracting(_ other: CharacterSet) -> CharacterSet { fatalError() }
}

public struct NSRange: Hashable, Sendable {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) { self.location = location; self.length = length }
}

extension String {
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public struct CompareOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let caseInsensitive = CompareOptions(rawValue: 1)
        public static let literal = CompareOptions(rawValue: 2)
        public static let backwards = CompareOptions(rawValue: 4)
        public static let anchored = CompareOptions(rawValue: 8)
        public static let numeric = CompareOptions(rawValue: 64)
        public static let diacriticInsensitive = CompareOptions(rawValue: 128)
        public static let widthInsensitive = CompareOptions(rawValue: 256)
        public static let regularExpression = CompareOptions(rawValue: 1024)
    }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public struct Encoding: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let utf8 = Encoding(rawValue: 4)
        public static let ascii = Encoding(rawValue: 1)
        public static let isoLatin1 = Encoding(rawValue: 5)
        public static let utf16 = Encoding(rawValue: 10)
    }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init?(data: Data, encoding: Encoding) { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init?(bytes: some Sequence<UInt8>, encoding: Encoding) { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(format: String, _ arguments: any CVarArg...) { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(contentsOf url: URL, encoding enc: Encoding) throws { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(contentsOfFile path: String, encoding enc: Encoding) throws { fatalError() }
}

extension StringProtocol {
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func data(using encoding: String.Encoding, allowLossyConversion: Bool = false) -> Data? { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func trimmingCharacters(in set: CharacterSet) -> String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func components(separatedBy separator: CharacterSet) -> [String] { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func components<T: StringProtocol>(separatedBy separator: T) -> [String] { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func replacingOccurrences<Target: StringProtocol, Replacement: StringProtocol>(of target: Target, with replacement: Replacement, options: String.CompareOptions = [], range searchRange: Range<Index>? = nil) -> String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func range<T: StringProtocol>(of aString: T, options mask: String.CompareOptions = [], range searchRange: Range<Index>? = nil, locale: Locale? = nil) -> Range<Index>? { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func rangeOfCharacter(from aSet: CharacterSet, options mask: String.CompareOptions = [], range aRange: Range<Index>? = nil) -> Range<Index>? { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func folding(options: String.CompareOptions = [], locale: Locale?) -> String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func addingPercentEncoding(withAllowedCharacters allowedCharacters: CharacterSet) -> String? { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var removingPercentEncoding: String? { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var decomposedStringWithCanonicalMapping: String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var precomposedStringWithCanonicalMapping: String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func caseInsensitiveCompare<T: StringProtocol>(_ aString: T) -> ComparisonResult { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func localizedCaseInsensitiveContains<T: StringProtocol>(_ other: T) -> Bool { fatalError() }
    @available(macOS 10.11, iOS 9.0, tvOS 9.0, watchOS 2.0, *)
    public func localizedStandardContains<T: StringProtocol>(_ string: T) -> Bool { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func compare<T: StringProtocol>(_ aString: T, options mask: String.CompareOptions = [], range: Range<Index>? = nil, locale: Locale? = nil) -> ComparisonResult { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func padding<T: StringProtocol>(toLength newLength: Int, withPad padString: T, startingAt padIndex: Int) -> String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var capitalized: String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func lowercased(with locale: Locale?) -> String { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public func contains<T: StringProtocol>(_ other: T) -> Bool { fatalError() }
}

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
@frozen public enum ComparisonResult: Int, Sendable {
    case orderedAscending = -1, orderedSame, orderedDescending
}

// MARK: - Coding

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
open class JSONDecoder: @unchecked Sendable {
    public enum DateDecodingStrategy: Sendable {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
        case formatted(DateFormatter)
        case custom(@Sendable (any Decoder) throws -> Date)
    }
    public enum KeyDecodingStrategy: Sendable {
        case useDefaultKeys, convertFromSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }
    public enum DataDecodingStrategy: Sendable { case deferredToData, base64 }
    public enum NonConformingFloatDecodingStrategy: Sendable { case `throw`, convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String) }
    public init() {}
    open var dateDecodingStrategy: DateDecodingStrategy { get { fatalError() } set { fatalError() } }
    open var keyDecodingStrategy: KeyDecodingStrategy { get { fatalError() } set { fatalError() } }
    open var dataDecodingStrategy: DataDecodingStrategy { get { fatalError() } set { fatalError() } }
    open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy { get { fatalError() } set { fatalError() } }
    open var userInfo: [CodingUserInfoKey: any Sendable] { get { fatalError() } set { fatalError() } }
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
}
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
open class JSONEncoder: @unchecked Sendable {
    public struct OutputFormatting: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let prettyPrinted = OutputFormatting(rawValue: 1)
        @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
        public static let sortedKeys = OutputFormatting(rawValue: 2)
        @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 8)
    }
    public enum DateEncodingStrategy: Sendable {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
        case formatted(DateFormatter)
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }
    public enum KeyEncodingStrategy: Sendable { case useDefaultKeys, convertToSnakeCase }
    public init() {}
    open var outputFormatting: OutputFormatting { get { fatalError() } set { fatalError() } }
    open var dateEncodingStrategy: DateEncodingStrategy { get { fatalError() } set { fatalError() } }
    open var keyEncodingStrategy: KeyEncodingStrategy { get { fatalError() } set { fatalError() } }
    open func encode<T: Encodable>(_ value: T) throws -> Data { fatalError() }
}
@available(macOS 10.7, iOS 5.0, tvOS 9.0, watchOS 2.0, *)
open class JSONSerialization: NSObject {
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let fragmentsAllowed = ReadingOptions(rawValue: 4)
    }
    open class func jsonObject(with data: Data, options opt: ReadingOptions = []) throws -> Any { fatalError() }
}

// MARK: - IndexPath

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct IndexPath: Hashable, Sendable, Comparable, RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, CustomStringConvertible, Codable {
    public typealias Element = Int
    public typealias Index = Array<Int>.Index
    public typealias Indices = Range<Int>
    public init() {}
    public init(indexes: some Sequence<Int>) { fatalError() }
    public init(indexes: [Int]) { fatalError() }
    public init(index: Int) { fatalError() }
    public init(arrayLiteral indexes: Int...) { fatalError() }
    public var startIndex: Int { fatalError() }
    public var endIndex: Int { fatalError() }
    public subscript(index: Int) -> Int { get { fatalError() } set { fatalError() } }
    public subscript(range: Range<Int>) -> IndexPath { get { fatalError() } set { fatalError() } }
    public func appending(_ other: Int) -> IndexPath { fatalError() }
    public mutating func append(_ other: Int) { fatalError() }
    public var description: String { fatalError() }
    public static func < (a: IndexPath, b: IndexPath) -> Bool { fatalError() }
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }
}

// MARK: - Bundle, processes, files

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class Bundle: NSObject, @unchecked Sendable {
    public init?(path: String) { fatalError() }
    public init?(url: URL) { fatalError() }
    open class var main: Bundle { fatalError() }
    open func url(forResource name: String?, withExtension ext: String?) -> URL? { fatalError() }
    open func url(forResource name: String?, withExtension ext: String?, subdirectory subpath: String?) -> URL? { fatalError() }
    open func path(forResource name: String?, ofType ext: String?) -> String? { fatalError() }
    open var bundleURL: URL { fatalError() }
    open var resourceURL: URL? { fatalError() }
    open var bundlePath: String { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class ProcessInfo: NSObject, @unchecked Sendable {
    open class var processInfo: ProcessInfo { fatalError() }
    open var environment: [String: String] { fatalError() }
    open var arguments: [String] { fatalError() }
    @available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    open var systemUptime: TimeInterval { fatalError() }
    open var processIdentifier: Int32 { fatalError() }
    // developer.apple.com/documentation/foundation/processinfo/activeprocessorcount
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
    open var activeProcessorCount: Int { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class FileManager: NSObject, @unchecked Sendable {
    open class var `default`: FileManager { fatalError() }
    open func fileExists(atPath path: String) -> Bool { fatalError() }
    open func contents(atPath path: String) -> Data? { fatalError() }
}

// MARK: - URL loading

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct URLRequest: Hashable, Sendable {
    public enum CachePolicy: UInt, Sendable { case useProtocolCachePolicy = 0, reloadIgnoringLocalCacheData = 1, returnCacheDataElseLoad = 2, returnCacheDataDontLoad = 3 }
    public init(url: URL, cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60.0) { fatalError() }
    public var url: URL? { get { fatalError() } set { fatalError() } }
    public var httpMethod: String? { get { fatalError() } set { fatalError() } }
    public var httpBody: Data? { get { fatalError() } set { fatalError() } }
    public var timeoutInterval: TimeInterval { get { fatalError() } set { fatalError() } }
    public var cachePolicy: CachePolicy { get { fatalError() } set { fatalError() } }
    public var allHTTPHeaderFields: [String: String]? { get { fatalError() } set { fatalError() } }
    public func value(forHTTPHeaderField field: String) -> String? { fatalError() }
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) { fatalError() }
    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) { fatalError() }
}
@available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class URLResponse: NSObject, @unchecked Sendable {
    open var url: URL? { fatalError() }
    open var mimeType: String? { fatalError() }
    open var expectedContentLength: Int64 { fatalError() }
    open var textEncodingName: String? { fatalError() }
}
@available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
    @available(macOS 10.7, iOS 5.0, tvOS 9.0, watchOS 2.0, *)
    public init?(url: URL, statusCode: Int, httpVersion HTTPVersion: String?, headerFields: [String: String]?) { fatalError() }
    open var statusCode: Int { fatalError() }
    open var allHeaderFields: [AnyHashable: Any] { fatalError() }
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
    open func value(forHTTPHeaderField field: String) -> String? { fatalError() }
    open class func localizedString(forStatusCode statusCode: Int) -> String { fatalError() }
}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
open class URLSessionConfiguration: NSObject, @unchecked Sendable {
    open class var `default`: URLSessionConfiguration { fatalError() }
    open class var ephemeral: URLSessionConfiguration { fatalError() }
    open var timeoutIntervalForRequest: TimeInterval { get { fatalError() } set { fatalError() } }
    open var timeoutIntervalForResource: TimeInterval { get { fatalError() } set { fatalError() } }
    open var httpAdditionalHeaders: [AnyHashable: Any]? { get { fatalError() } set { fatalError() } }
    open var requestCachePolicy: URLRequest.CachePolicy { get { fatalError() } set { fatalError() } }
    open var urlCache: URLCache? { get { fatalError() } set { fatalError() } }
    open var httpMaximumConnectionsPerHost: Int { get { fatalError() } set { fatalError() } }
    @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
    open var waitsForConnectivity: Bool { get { fatalError() } set { fatalError() } }
    open var httpCookieStorage: HTTPCookieStorage? { get { fatalError() } set { fatalError() } }
    open var httpShouldSetCookies: Bool { get { fatalError() } set { fatalError() } }
    open var urlCredentialStorage: URLCredentialStorage? { get { fatalError() } set { fatalError() } }
}
@available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class URLCache: NSObject, @unchecked Sendable {}
@available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class HTTPCookieStorage: NSObject, @unchecked Sendable {}
@available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class URLCredentialStorage: NSObject, @unchecked Sendable {}
@available(macOS 10.5, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class OperationQueue: NSObject, @unchecked Sendable {
    public override init() { fatalError() }
    open var maxConcurrentOperationCount: Int { get { fatalError() } set { fatalError() } }
    open var underlyingQueue: DispatchQueue? { get { fatalError() } set { fatalError() } }
    open var name: String? { get { fatalError() } set { fatalError() } }
}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
open class URLSessionTask: NSObject, @unchecked Sendable {
    public enum State: Int, Sendable { case running = 0, suspended = 1, canceling = 2, completed = 3 }
    open var taskIdentifier: Int { fatalError() }
    open var originalRequest: URLRequest? { fatalError() }
    open var currentRequest: URLRequest? { fatalError() }
    open var response: URLResponse? { fatalError() }
    open var state: State { fatalError() }
    open var error: (any Error)? { fatalError() }
    open func resume() { fatalError() }
    open func cancel() { fatalError() }
    open func suspend() { fatalError() }
}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
open class URLSession: NSObject, @unchecked Sendable {
    public enum ResponseDisposition: Int, Sendable { case cancel = 0, allow = 1, becomeDownload = 2, becomeStream = 3 }
    public enum AuthChallengeDisposition: Int, Sendable { case useCredential = 0, performDefaultHandling = 1, cancelAuthenticationChallenge = 2, rejectProtectionSpace = 3 }
    open class var shared: URLSession { fatalError() }
    public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?) { fatalError() }
    public convenience init(configuration: URLSessionConfiguration) { fatalError() }
    open var configuration: URLSessionConfiguration { fatalError() }
    open var delegate: (any URLSessionDelegate)? { fatalError() }
    open func dataTask(with request: URLRequest) -> URLSessionDataTask { fatalError() }
    open func dataTask(with url: URL) -> URLSessionDataTask { fatalError() }
    open func dataTask(with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask { fatalError() }
    open func finishTasksAndInvalidate() { fatalError() }
    open func invalidateAndCancel() { fatalError() }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    open func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse) { fatalError() }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    open func data(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse) { fatalError() }
}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
public protocol URLSessionDelegate: NSObjectProtocol, Sendable {
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?)
}
extension URLSessionDelegate {
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {}
}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void)
}
extension URLSessionTaskDelegate {
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {}
}
@available(macOS 10.9, iOS 7.0, tvOS 9.0, watchOS 2.0, *)
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}
extension URLSessionDataDelegate {
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {}
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}
}

// MARK: - Threads

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class Thread: NSObject, @unchecked Sendable {
    // `noasync` in Apple's SDK (Xcode 16), as in Linux's Foundation: a thread is no clue in
    // async code, which may resume on any thread.
    @available(*, noasync, message: "Work intended for the main actor should be marked with @MainActor")
    open class var isMainThread: Bool { fatalError() }
    @available(*, noasync, message: "Thread.current cannot be used from async contexts.")
    open class var current: Thread { fatalError() }
    @available(*, noasync, message: "Use Task.sleep(until:clock:) instead.")
    open class func sleep(forTimeInterval ti: TimeInterval) { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSLock: NSObject, @unchecked Sendable {
    public override init() { fatalError() }
    // NSLocking's lock()/unlock() are `noasync` (Apple's SDK and Linux's Foundation); the scoped
    // withLock(_:) is the async-safe form.
    @available(*, noasync, message: "Use async-safe scoped locking instead")
    open func lock() { fatalError() }
    @available(*, noasync, message: "Use async-safe scoped locking instead")
    open func unlock() { fatalError() }
    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    open func withLock<R>(_ body: () throws -> R) rethrows -> R { fatalError() }
}

// MARK: - Notifications (SignalsFoundation's NotificationCenter bridge)

@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSNotification: NSObject, @unchecked Sendable {
    public struct Name: RawRepresentable, Hashable, Sendable {
        public init(_ rawValue: String) { fatalError() }
        public init(rawValue: String) { fatalError() }
        public var rawValue: String { fatalError() }
    }
}
// Apple's Foundation declares `@available(*, unavailable) extension Notification:
// @unchecked Sendable {}` (below): a notification carries `object` and `userInfo` of any type,
// so it may not cross isolation domains. Unavailable, not merely missing: every use that needs
// the conformance is an error, under `@preconcurrency import Foundation` too. Linux's Foundation
// declares the same.
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
public struct Notification: Equatable, Hashable {
    public typealias Name = NSNotification.Name
    public init(name: Notification.Name, object: Any? = nil, userInfo: [AnyHashable: Any]? = nil) { fatalError() }
    public var name: Notification.Name { get { fatalError() } set { fatalError() } }
    public var object: Any? { get { fatalError() } set { fatalError() } }
    public var userInfo: [AnyHashable: Any]? { get { fatalError() } set { fatalError() } }
    public static func == (lhs: Notification, rhs: Notification) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NotificationCenter: NSObject, @unchecked Sendable {
    public override init() { fatalError() }
    open class var `default`: NotificationCenter { fatalError() }
    @available(macOS 10.6, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    open func addObserver(forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?, using block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol { fatalError() }
    open func removeObserver(_ observer: Any) { fatalError() }
    open func post(name aName: NSNotification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]? = nil) { fatalError() }
}
@available(*, unavailable)
extension Notification: @unchecked Sendable {}

// `notifications(named:object:)`, the AsyncSequence of notifications (iOS 15, macOS 12), with
// the declarations of Apple's current SDK: `@preconcurrency`, a `Sendable` source object, a
// `final class` sequence whose `Element` is `Notification` and a struct iterator (Apple's
// documentation lists no `Sendable` conformance for it). The sequence itself is modeled
// `Sendable`: the `Sendable` bound Apple puts on `object`, which the sequence keeps, is for
// that. It does not decide anything here: a `Sendable` sequence of `Notification`s, or a `map`
// of one (`AsyncMapSequence` is `Sendable` only when its base's `Element` is), cannot feed
// `Observable(elements:)`, which needs `Sendable` elements and a `Sendable` sequence.
// SignalsFoundation does not use it (it observes with `addObserver`, which Linux has too);
// the rejected client files (Scripts/apple-platforms/rejected) hold the docs to that.
extension NotificationCenter {
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public final class Notifications: AsyncSequence, @unchecked Sendable {
        public typealias Element = Notification
        public struct Iterator: AsyncIteratorProtocol {
            public func next() async -> Notification? { fatalError() }
        }
        public func makeAsyncIterator() -> Iterator { fatalError() }
    }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @preconcurrency public func notifications(named name: Notification.Name, object: (any AnyObject & Sendable)? = nil) -> Notifications { fatalError() }
}
