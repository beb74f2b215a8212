/// Whether any tracked work is running: `true` from the moment the first tracked binding
/// starts until the last one finishes or is cancelled (RxSwift's `ActivityIndicator`).
///
/// Mark a stream's bindings as activity with ``ObservableConvertible/track(_:)``; bind the
/// tracker (or any operator on it) to show a spinner:
///
/// ```swift
/// let activity = ActivityTracker()
/// let photos = input.refresh.flatMapLatest { _ in
///     Observable.task { try await repository.photos(page: 1) }.track(activity)
/// }
/// let isLoading = activity.asObservable()   // false, true, false, …
/// ```
///
/// The tracker counts overlapping bindings: it turns `true` when the count goes from 0 to 1
/// and `false` when it comes back to 0, and delivers nothing in between, so two requests that
/// overlap show one continuous activity. It is backed by a ``Property``: a new binding
/// receives the current state first, then each change. Thread-safe: bindings may start and
/// end on any thread, and the states delivered always alternate and end at the true count.
///
/// ## Order
/// A tracked binding turns the tracker `true` when it is bound, before the tracked stream's
/// first value, and `false` when its finish passes through `track`: after its last value and
/// before the finish goes on downstream. Cancelling the binding turns it `false` at once. So
/// an output bound to the tracked stream has its last value before `isLoading` turns `false`.
/// Inside an ``Action``, see ``Action/apply(_:)`` for the order across the action's outputs.
///
/// Unlike the non-counting `ActivityIndicator` many apps copied, which turns `false` at the
/// first value, the tracker stays `true` until the tracked binding finishes or is cancelled
/// (<doc:ComingFromRxSwift#ActivityTracker-and-the-ActivityIndicator-apps-copied>).
public final class ActivityTracker: Sendable {
    /// The running bindings, and a number for each change between idle and busy.
    struct Count {
        var running = 0
        var transition: UInt64 = 0
    }

    /// The state delivered: written only for the newest transition, under `state`'s lock.
    private let state = Property(false)
    private let count = Locked(Count())

    /// Creates a tracker with nothing running.
    public init() {}

    /// Whether tracked work is running now.
    public var isActive: Bool { state.value }

    /// The current state on bind, then each change.
    public func asObservable() -> Observable<Bool> { state.asObservable() }

    /// A tracked binding started.
    @usableFromInline
    func begin() {
        let transition = count.withLock { count -> UInt64? in
            count.running += 1
            guard count.running == 1 else { return nil }
            count.transition &+= 1
            return count.transition
        }
        if let transition { publish(true, transition: transition) }
    }

    /// A tracked binding finished or was cancelled (once per binding).
    @usableFromInline
    func end() {
        let transition = count.withLock { count -> UInt64? in
            count.running -= 1
            guard count.running == 0 else { return nil }
            count.transition &+= 1
            return count.transition
        }
        if let transition { publish(false, transition: transition) }
    }

    /// Writes `isActive` for `transition` unless a newer transition happened since (its own
    /// write then decides) or the state already says so: under the property's lock, so the
    /// states delivered alternate and the last one matches the count. Changes that do not
    /// cross between idle and busy take only the count's lock.
    private func publish(_ isActive: Bool, transition: UInt64) {
        _ = state.update { current in
            guard current != isActive, count.withLock({ $0.transition == transition }) else { return false }
            current = isActive
            return true
        }
    }
}

extension ActivityTracker: ObservableConvertible {}
