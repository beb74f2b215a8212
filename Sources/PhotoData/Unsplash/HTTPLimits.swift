/// The bounds every request of an ``UnsplashPhotoRepository`` is held to, so a slow, huge or
/// misdirecting server costs a known amount of time and memory.
///
/// ```swift
/// let limits = HTTPLimits(requestDeadline: .seconds(10), maximumJSONBytes: 1 << 20)
/// let repository = UnsplashPhotoRepository(accessKey: key, limits: limits)
/// ```
public struct HTTPLimits: Sendable, Hashable {
    /// How long one request may take as a whole, from sending it to the body's last byte,
    /// however the server trickles it; past it the request fails with `NetworkError.timedOut`.
    public var requestDeadline: Duration
    /// The largest API (JSON) response body read, in bytes; a larger one fails with
    /// `NetworkError.responseTooLarge` as soon as it is announced or has arrived that far.
    ///
    /// The repository never holds more than the cap. On Linux, FoundationNetworking reads the
    /// socket ahead of the delegate without back-pressure, so while the process is starved of
    /// CPU, Foundation itself can buffer bytes past the cap until the cancellation takes effect.
    public var maximumJSONBytes: Int
    /// The largest image body read, in bytes (images are larger than pages, so they get their own cap).
    public var maximumImageBytes: Int

    /// The default whole-request deadline: 30 seconds.
    public static let defaultRequestDeadline: Duration = .seconds(30)
    /// The default cap on a JSON body: 4 MiB (an Unsplash page of 30 photos is about 150 KB).
    public static let defaultMaximumJSONBytes = 4 << 20
    /// The default cap on an image body: 25 MiB (a `full` Unsplash image is a few MB).
    public static let defaultMaximumImageBytes = 25 << 20

    /// Creates limits; each defaults to the value above. Values below 1 (byte or nanosecond) are raised to 1.
    public init(
        requestDeadline: Duration = HTTPLimits.defaultRequestDeadline,
        maximumJSONBytes: Int = HTTPLimits.defaultMaximumJSONBytes,
        maximumImageBytes: Int = HTTPLimits.defaultMaximumImageBytes
    ) {
        self.requestDeadline = max(requestDeadline, .nanoseconds(1))
        self.maximumJSONBytes = max(maximumJSONBytes, 1)
        self.maximumImageBytes = max(maximumImageBytes, 1)
    }
}
