import CSignalsAtomics

/// The properties whose `modify` or `update` closure the calling thread is running, innermost
/// first: a chain of frames on the callers' stacks, its head in a C thread-local
/// (`signals_modifying_frame`: a move to read or write, where a `pthread_key_t` costs calls).
///
/// Such a closure runs with the property's lock held, so any access to the same property from
/// inside it (read, write, bind, cancel, a nested `modify`) would wait for a lock its own thread
/// holds. `StreamCore` looks here only when its lock is already taken (`lock()`),
/// so an uncontended access costs nothing more; a re-entrant one stops the process with a
/// message naming the property instead of deadlocking silently.
@usableFromInline
enum ModifyingProperties {
    /// One `modify`/`update` in progress on this thread.
    @usableFromInline
    struct Frame {
        @usableFromInline let core: UnsafeRawPointer
        @usableFromInline let outer: UnsafeMutableRawPointer?

        @inlinable init(core: UnsafeRawPointer, outer: UnsafeMutableRawPointer?) {
            self.core = core
            self.outer = outer
        }
    }

    /// Runs `body` with `core` recorded as being modified by this thread.
    @inlinable
    static func with<Result>(_ core: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        let outer = signals_modifying_frame_get()
        var frame = Frame(core: UnsafeRawPointer(Unmanaged.passUnretained(core).toOpaque()), outer: outer)
        return try withUnsafeMutablePointer(to: &frame) { pointer in
            signals_modifying_frame_set(pointer)
            defer { signals_modifying_frame_set(outer) }
            return try body()
        }
    }

    /// Whether this thread is inside a `modify`/`update` closure of `core`.
    @usableFromInline
    static func contains(_ core: AnyObject) -> Bool {
        let target = UnsafeRawPointer(Unmanaged.passUnretained(core).toOpaque())
        var next = signals_modifying_frame_get()
        while let frame = next?.assumingMemoryBound(to: Frame.self) {
            if frame.pointee.core == target { return true }
            next = frame.pointee.outer
        }
        return false
    }
}

/// The message of a re-entrant access to a property from inside its own `modify`/`update`.
package func reentrantModifyReport(valueType: Any.Type) -> String {
    "Signals: Property<\(valueType)> was read, written, bound or cancelled from inside its own "
        + "modify or update closure, which runs with the property's lock held: that access would "
        + "deadlock. Compute the new value in the closure from its argument, and touch the "
        + "property (or send values into it) after the closure returns."
}
