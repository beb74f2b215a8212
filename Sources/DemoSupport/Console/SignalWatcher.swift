import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs handlers on the main actor when the process receives signals (SIGINT, SIGTERM,
/// SIGWINCH), instead of their default action, until ``stop()``.
@MainActor
final class SignalWatcher {
    private var sources: [(number: Int32, source: any DispatchSourceSignal)] = []

    /// Calls `handler` on the main actor each time signal `number` arrives.
    func watch(_ number: Int32, _ handler: @escaping @MainActor () -> Void) {
        // The default action (ending the process with the terminal still raw) is replaced by
        // the dispatch source, which sees the signal even though it is ignored.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { handler() } }
        source.resume()
        sources.append((number, source))
    }

    /// Ends the process for signal `number` (status 128 + `number`, as a shell reports it),
    /// once the terminal is restored.
    ///
    /// `_exit`, not `exit`: the process ends with work in flight (a search, image loads), so
    /// there is nothing for exit handlers to finish, and under LeakSanitizer `exit` would
    /// report what that abandoned work still holds (a weak reference's side table, say) and
    /// turn the status into 1. Output goes out unbuffered (`FileHandle`), so none is lost.
    static func endProcess(after number: Int32) -> Never {
        _exit(128 + number)
    }

    /// Stops watching and restores each signal's default action.
    func stop() {
        for (number, source) in sources {
            source.cancel()
            signal(number, SIG_DFL)
        }
        sources = []
    }
}
