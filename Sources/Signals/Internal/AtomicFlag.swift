import CSignalsAtomics

/// A one-way atomic flag kept inline in a final class, without `Synchronization.Atomic`
/// (which needs iOS 18 / macOS 15).
///
/// The owning class declares the flag's byte as its *first* stored property (`var flagByte:
/// UInt8 = 0`, never read or written directly): Swift lays a class's stored properties out in
/// declaration order right after the object header, which is where
/// `_getUnsafePointerToStoredProperties` points (the approach of swift-atomics'
/// `ManagedAtomic`). The operations are the C11 atomics of the `CSignalsAtomics` target, so the
/// flag costs one byte and no allocation.
@usableFromInline
struct AtomicFlag {
    @usableFromInline let pointer: UnsafeMutablePointer<UInt8>

    /// The flag that is the first stored property of `object`.
    @inlinable @inline(__always)
    init(firstStoredPropertyOf object: AnyObject) {
        pointer = _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: UInt8.self)
    }

    /// Whether the flag is set (acquire ordering).
    @inlinable @inline(__always)
    var isSet: Bool { signals_flag_load_acquire(pointer) }

    /// Sets the flag (release ordering).
    @inlinable @inline(__always)
    func set() { signals_flag_store_release(pointer) }

    /// Sets the flag and returns whether it was already set (acquire-release ordering).
    @inlinable @inline(__always)
    func testAndSet() -> Bool { signals_flag_test_and_set(pointer) }
}
