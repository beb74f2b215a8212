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
public final class ActivityTracker: Sendable {
    /// `true` while `count` > 0; written only inside its own `update`, which also changes
    /// `count`, so the count and the delivered state change together.
    private let state = Property(false)
    /// The number of running tracked bindings (guarded by `state`'s lock as well as its own).
    private let count = Locked(0)

    /// Creates a tracker with nothing running.
    public init() {}

    /// Whether tracked work is running now.
    public var isActive: Bool { state.value }

    /// The current state on bind, then each change.
    public func asObservable() -> Observable<Bool> { state.asObservable() }

    /// A tracked binding started.
    func begin() {
        _ = state.update { isActive in
            let isFirst = count.withLock { count in
                count += 1
                return count == 1
            }
            if isFirst { isActive = true }
            return isFirst
        }
    }

    /// A tracked binding finished or was cancelled (once per binding).
    func end() {
        _ = state.update { isActive in
            let isLast = count.withLock { count in
                count -= 1
                return count == 0
            }
            if isLast { isActive = false }
            return isLast
        }
    }
}

extension ActivityTracker: ObservableConvertible {}
