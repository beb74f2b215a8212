import Synchronization

/// One binding's place in a stream: the observer it delivers to and its cancelled flag.
@usableFromInline
final class Sink<Value>: @unchecked Sendable {
    // `cancelled` is atomic; `index` is read and written only under the owning core's lock.
    @usableFromInline let observer: Observer<Value>
    @usableFromInline let cancelled = Atomic<Bool>(false)
    @usableFromInline var index = 0

    @inlinable init(_ observer: Observer<Value>) { self.observer = observer }

    @inlinable var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}

/// The multi-binding heart of `Subject` and `Property`.
///
/// - Bindings live in `slots`, in the order they were made. Each sink knows its slot, so
///   removal is O(1); holes are compacted once they outnumber live bindings (amortized O(1)).
/// - A send takes one short critical section to snapshot the slots (a retain, no copy) and
///   one to check for pending work. Whoever finds the stream idle becomes the *drainer*: it
///   delivers its value, then every value that other threads or re-entrant handlers queued
///   meanwhile, in FIFO order. So delivery is serialized, never re-entrant, and the stack
///   stays flat however deep the re-entrancy goes.
/// - No user code runs with the lock held; objects that may run user code in `deinit`
///   (displaced values, removed sinks) are released after unlocking.
@usableFromInline
final class StreamCore<Value>: @unchecked Sendable {
    // Lock holder: every `var` below is guarded by `lock`.
    @usableFromInline
    enum Pending {
        case value(Value)
        case finish
        case replay(Sink<Value>, Value)
    }

    @usableFromInline let lock = Lock()
    @usableFromInline var slots: ContiguousArray<Sink<Value>?> = []
    @usableFromInline var holes = 0
    @usableFromInline var isDelivering = false
    @usableFromInline var isFinished = false
    @usableFromInline var pending = FIFOQueue<Pending>()
    /// The replayed current value (`Property`); always `nil` when `replays` is false.
    @usableFromInline var current: Value?
    @usableFromInline let replays: Bool

    @inlinable
    init() {
        replays = false
    }

    @inlinable
    init(currentValue: Value) {
        current = currentValue
        replays = true
    }

    deinit { lock.deallocate() }

    // MARK: Reading

    @inlinable
    var currentValue: Value {
        lock.lock()
        defer { lock.unlock() }
        return current!
    }

    @inlinable
    var bindingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return slots.count - holes
    }

    // MARK: Sending

    @inlinable
    func send(_ value: Value) {
        var displaced: Value? = nil
        lock.lock()
        if isFinished {
            lock.unlock()
            return
        }
        if replays {
            displaced = current
            current = value
        }
        if isDelivering {
            pending.append(.value(value))
            lock.unlock()
            withExtendedLifetime(displaced) {}
            return
        }
        isDelivering = true
        let snapshot = slots
        lock.unlock()
        withExtendedLifetime(displaced) {}
        Self.deliver(value, to: snapshot)
        drain()
    }

    @inlinable
    func finish() {
        lock.lock()
        if isFinished {
            lock.unlock()
            return
        }
        isFinished = true
        if isDelivering {
            pending.append(.finish)
            lock.unlock()
            return
        }
        isDelivering = true
        let snapshot = takeAllSlots()
        lock.unlock()
        Self.deliverFinish(to: snapshot)
        drain()
    }

    @inlinable
    static func deliver(_ value: Value, to snapshot: ContiguousArray<Sink<Value>?>) {
        snapshot.withUnsafeBufferPointer { buffer in
            for slot in buffer {
                if let sink = slot, !sink.isCancelled {
                    sink.observer.onValue(value)
                }
            }
        }
    }

    @inlinable
    static func deliverFinish(to snapshot: ContiguousArray<Sink<Value>?>) {
        for case let sink? in snapshot where !sink.cancelled.exchange(true, ordering: .acquiringAndReleasing) {
            sink.observer.onFinish()
        }
    }

    /// Delivers queued work until the queue is empty, then leaves the drainer role.
    @inlinable
    func drain() {
        while true {
            lock.lock()
            guard let next = pending.popFirst() else {
                isDelivering = false
                lock.unlock()
                return
            }
            switch next {
            case .value(let value):
                let snapshot = slots
                lock.unlock()
                Self.deliver(value, to: snapshot)
            case .finish:
                let snapshot = takeAllSlots()
                lock.unlock()
                Self.deliverFinish(to: snapshot)
            case .replay(let sink, let value):
                lock.unlock()
                if !sink.isCancelled { sink.observer.onValue(value) }
            }
        }
    }

    /// Empties the slots (lock held); the caller releases the result after unlocking.
    @inlinable
    func takeAllSlots() -> ContiguousArray<Sink<Value>?> {
        let all = slots
        slots = []
        holes = 0
        return all
    }

    // MARK: Binding

    @inlinable
    func bind(_ observer: Observer<Value>) -> Cancellable {
        let sink = Sink(observer)
        lock.lock()
        if isFinished {
            lock.unlock()
            sink.cancelled.store(true, ordering: .releasing)
            observer.onFinish()
            return BindingToken(core: self, sink: sink)
        }
        sink.index = slots.count
        slots.append(sink)
        if replays, let value = current {
            if isDelivering {
                pending.append(.replay(sink, value))
                lock.unlock()
            } else {
                isDelivering = true
                lock.unlock()
                observer.onValue(value)
                drain()
            }
        } else {
            lock.unlock()
        }
        return BindingToken(core: self, sink: sink)
    }

    /// Removes a cancelled sink in O(1) amortized time.
    @inlinable
    func remove(_ sink: Sink<Value>) {
        lock.lock()
        let index = sink.index
        if index < slots.count, slots[index] === sink {
            slots[index] = nil
            holes += 1
            while let last = slots.last, last == nil {
                slots.removeLast()
                holes -= 1
            }
            if holes > 16 && holes * 2 > slots.count {
                compact()
            }
        }
        lock.unlock()
    }

    @usableFromInline
    func compact() {
        var write = 0
        for read in slots.indices {
            if let sink = slots[read] {
                sink.index = write
                slots[write] = sink
                write += 1
            }
        }
        slots.removeLast(slots.count - write)
        holes = 0
    }
}

/// The token `bind` returns for a `Subject` or `Property` binding; cancels on `deinit`.
@usableFromInline
final class BindingToken<Value>: Cancellable {
    @usableFromInline let core: StreamCore<Value>
    @usableFromInline let sink: Sink<Value>

    @inlinable
    init(core: StreamCore<Value>, sink: Sink<Value>) {
        self.core = core
        self.sink = sink
    }

    @inlinable
    func cancel() {
        if sink.cancelled.exchange(true, ordering: .acquiringAndReleasing) { return }
        core.remove(sink)
    }

    deinit { cancel() }
}
