import SignalsPhotoDomain

extension EmbeddedPhotoRepository {
    /// How an `EmbeddedPhotoRepository` simulates a network: latency and clock. (Failures on
    /// purpose come from wrapping the repository in a ``FailureInjectingRepository``.)
    public struct Configuration: Sendable {
        /// How long each call waits before answering; `.zero` answers at once.
        public var latency: Duration
        /// The clock the latency is measured on; inject a test clock to control time.
        public var clock: any Clock<Duration>

        /// Creates a configuration; the defaults answer at once.
        public init(latency: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
            self.latency = latency
            self.clock = clock
        }
    }
}
