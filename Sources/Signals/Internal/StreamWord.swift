import CSignalsAtomics

/// The lock of a `StreamCore` and its drainer role in one word (`signals_stream_*` in
/// `CSignalsAtomics`), so that an uncontended send takes no lock: it claims the role with one
/// compare-and-swap (`claim`) and gives it back with another (`giveBack`), the atomic cost of
/// one lock round trip, where a separate lock would take two (one to take the role, one to
/// give it back).
///
/// The word is 0 when nobody holds the lock, no claim is running, and the stream's state, as its
/// last lock holder left it, allows a claim (`StreamState.allowsClaim`). A claim turns it into
/// "claimed by this thread"; the claim's give-back succeeds only if the word is still exactly
/// that. A lock holder that finds a claim records it in the state (every transition starts with
/// `StreamState.absorb`) and unlocks to "closed", so the claimer's give-back fails and it ends
/// its delivery under the lock, as any other drainer does. The state is therefore always the
/// truth for a lock holder. What word to leave is the state's decision too (every transition
/// ends with `StreamState.unlock()`); this type only performs the atomic operations.
///
/// Contended, a locker sleeps: on a futex on Linux, on a striped mutex and condition variable
/// elsewhere. Heap-allocated so its address is stable; the owner's `deinit` frees it. Each
/// operation is a point of the explorer's schedule (`EngineSchedule`).
@usableFromInline
package struct StreamWord {
    @usableFromInline let pointer: UnsafeMutablePointer<UInt>

    /// The claim bit (`SIGNALS_STREAM_CLAIMED`): in a word a lock returned, the rest of the word
    /// is the claimer's thread.
    @inlinable package static var claimed: UInt { 4 }
    /// The word an unlock leaves when the state does not allow a claim
    /// (`SIGNALS_STREAM_CLOSED`); an unlock that allows one leaves 0.
    @inlinable package static var closed: UInt { 8 }
    /// The flag bits (`SIGNALS_STREAM_FLAGS`).
    @inlinable package static var flags: UInt { 15 }

    /// A word that is unlocked and left as `rest` (0 or `closed`).
    @inlinable
    init(rest: UInt) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: rest)
    }

    /// Frees the word. Call once, from the owner's `deinit`.
    @inlinable
    func deallocate() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Takes the lock if it is free; returns the word as it was, or nil. `rest`: what the word
    /// most likely is (0, or `closed` for a property), tried first without reading it.
    @inlinable @inline(__always)
    func tryLock(expecting rest: UInt) -> UInt? {
        scheduling(.tryLock(pointer))
        let seen = signals_stream_trylock(pointer, rest)
        return seen & 1 == 0 ? seen : nil
    }

    /// Takes the lock, sleeping while it is busy; returns the word as it was.
    @inlinable @inline(__always)
    func lock() -> UInt {
        scheduling(.lock(pointer))
        return signals_stream_lock_contended(pointer)
    }

    /// Unlocks, leaving the word `rest` (0: a claim may follow, or `closed`).
    @inlinable @inline(__always)
    func unlock(leaving rest: UInt) {
        scheduling(.unlock(pointer))
        signals_stream_unlock(pointer, rest)
    }

    /// Claims the drainer role for `thread` without the lock; fails unless the word is 0.
    @inlinable @inline(__always)
    func claim(_ thread: ThreadID) -> Bool {
        scheduling(.claim(pointer))
        return signals_stream_claim(pointer, UInt(truncatingIfNeeded: thread))
    }

    /// Gives back a claimed role: `claim` is the word the claim left (see `claimWord(for:)`, or
    /// the word a transition's `StreamState.Unlock` left). Fails if a lock holder has seen the claim since.
    @inlinable @inline(__always)
    func giveBack(_ claim: UInt) -> Bool {
        scheduling(.giveBack(pointer))
        return signals_stream_give_back(pointer, claim)
    }

    /// The word a claim by `thread` leaves.
    @inlinable @inline(__always)
    package static func claimWord(for thread: ThreadID) -> UInt {
        UInt(truncatingIfNeeded: thread) | claimed
    }
}
