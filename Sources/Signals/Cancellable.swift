/// Something that can stop a binding or a piece of scheduled work.
///
/// `cancel()` is idempotent and may be called from any thread. Once it has returned on the
/// thread that delivers to a binding, that binding's handler is not called again, not even for
/// a value being delivered at that moment. Called from another thread, it does not wait for a
/// running handler: after it returns, the handler is entered at most once more, for the value
/// being delivered to it at that moment, and never for a later value (see
/// <doc:TheContract#Cancelling-from-another-thread>).
///
/// The tokens that `bind` returns also cancel when they are deallocated (like Combine's
/// `AnyCancellable`): a binding lives exactly as long as its token is held, by a variable or a
/// ``CancellableBag``.
public protocol Cancellable: AnyObject, Sendable {
    /// Stops the binding or work; safe to call more than once and from any thread.
    func cancel()
}

extension Cancellable {
    /// Keeps this cancellable alive in `bag` until the bag is cancelled or deallocated.
    ///
    /// ```swift
    /// subject.bind { print($0) }.store(in: &bag)
    /// ```
    @inlinable
    public func store(in bag: inout CancellableBag) {
        bag.insert(self)
    }

    /// Keeps this cancellable alive in `bag` until the bag is cancelled or deallocated.
    @inlinable
    public func store(in bag: CancellableBag) {
        bag.insert(self)
    }
}

/// A cancellable that runs a closure once, on the first `cancel()` or on `deinit`, and then
/// releases it (with everything it captured), even while the cancellable itself is still held.
///
/// Use it to return cleanup from ``Observable/create(_:)``.
public final class AnyCancellable: Cancellable, @unchecked Sendable {
    // Lock holder: `doneByte` is only accessed atomically (`done`); `action` is read and
    // cleared only by the one caller of `cancel()` that set the flag.
    /// The done flag's byte: must stay the first stored property (see `AtomicFlag`).
    @usableFromInline @exclusivity(unchecked) var doneByte: UInt8 = 0
    @usableFromInline @exclusivity(unchecked) var action: (@Sendable () -> Void)?

    @inlinable var done: AtomicFlag { AtomicFlag(firstStoredPropertyOf: self) }

    /// Creates a cancellable that runs `action` exactly once when cancelled or deallocated.
    @inlinable
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
        assert(done.pointer == withUnsafeMutablePointer(to: &doneByte) { $0 })
    }

    /// Creates a cancellable that does nothing when cancelled.
    @inlinable
    public convenience init() {
        self.init {}
    }

    /// Runs the cleanup action unless it already ran, then releases it.
    @inlinable
    public func cancel() {
        if done.testAndSet() { return }
        let action = self.action.take()
        action?()
    }

    /// Whether `cancel()` has run.
    public var isCancelled: Bool { done.isSet }

    deinit { cancel() }
}
