import PhotoDomain

extension EmbeddedPhotoRepository {
    /// How an `EmbeddedPhotoRepository` simulates a network: latency, clock and failures.
    public struct Configuration: Sendable {
        /// How long each call waits before answering; `.zero` answers at once.
        public var latency: Duration
        /// The clock the latency is measured on; inject a test clock to control time.
        public var clock: any Clock<Duration>
        /// Which calls fail on purpose.
        public var failures: FailureInjection

        /// Creates a configuration; the defaults answer at once and never fail.
        public init(
            latency: Duration = .zero,
            clock: any Clock<Duration> = ContinuousClock(),
            failures: FailureInjection = .none
        ) {
            self.latency = latency
            self.clock = clock
            self.failures = failures
        }
    }
}
