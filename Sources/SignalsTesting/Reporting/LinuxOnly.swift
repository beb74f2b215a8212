import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test on Linux only: it starts processes (the Demo, python3 loopback servers),
    /// runs exit tests whose traps are Linux's (`dispatch_assert_queue`), or reads Linux's
    /// `/proc`. On macOS, `swift test` skips it and runs the rest.
    ///
    /// `package`: the one copy for this package's test targets, not part of SignalsTesting's
    /// public face.
    package static var linuxOnly: Self {
        #if os(Linux)
        .enabled(if: true, "runs on Linux")
        #else
        .disabled("needs Linux: processes, loopback servers or Linux traps")
        #endif
    }
}
