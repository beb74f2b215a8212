import Dispatch
#if canImport(Darwin)
import Darwin
#endif

/// The one marker of the main dispatch queue, so that any thread can ask "is main running me?"
/// without trapping. `MainScheduler.isOnMainQueue` and the debug main-actor check both read it.
///
/// A box, not a global of type `DispatchSpecificKey`: Swift 6.0's Dispatch does not declare
/// that class `Sendable`, so such a global is an error there (6.2's does). `@unchecked`
/// because the key is an immutable reference, created once and set on the main queue before
/// `shared` is published; reading it takes no lock.
struct MainQueueMarker: @unchecked Sendable {
    private let key: DispatchSpecificKey<UInt8>

    /// The marker, set on the main queue on first use.
    static let shared: MainQueueMarker = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return MainQueueMarker(key: key)
    }()

    /// Whether the caller runs on the main queue, or (on Apple platforms) the main thread.
    ///
    /// On Linux the main queue may be drained by a worker thread, so the thread is no clue:
    /// `Thread.isMainThread` is false in `@MainActor` code there. On Apple platforms the main
    /// actor also runs on the main thread outside the main queue (a block that `someQueue.sync`
    /// runs on the main thread, called from main-actor code), so the main thread counts too.
    var isCurrent: Bool {
        if DispatchQueue.getSpecific(key: key) != nil { return true }
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #else
        return false
        #endif
    }
}
