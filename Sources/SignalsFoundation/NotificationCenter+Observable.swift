import Foundation
import Signals

extension NotificationCenter {
    /// The notifications named `name` (from `object` only, if given) as a Signals stream,
    /// like Combine's `publisher(for:object:)`.
    ///
    /// ```swift
    /// NotificationCenter.default
    ///     .observable(for: UIApplication.didBecomeActiveNotification)
    ///     .map { _ in () }
    ///     .bind(to: input.refresh)
    ///     .store(in: bag)
    /// ```
    ///
    /// Each binding adds one observer to this center and removes it when the binding is
    /// cancelled or its token released. A notification is delivered synchronously on the
    /// thread that posts it, before `post` returns (add `receive(on: .main)` to move it). The
    /// stream never finishes. Works wherever Foundation does, Linux included.
    public func observable(
        for name: Notification.Name,
        object: AnyObject? = nil
    ) -> Signals.Observable<Notification> {
        .create { observer in
            let delivery = NotificationDelivery(observer)
            let token = self.addObserver(forName: name, object: object, queue: nil) { notification in
                delivery.observer.send(notification)
            }
            return NotificationObserverToken(center: self, token: token)
        }
    }
}

/// Carries a binding's observer into NotificationCenter's `@Sendable` block.
private struct NotificationDelivery: @unchecked Sendable {
    // Unchecked: an observer from `create` is thread-safe (its calls are serialized), and a
    // `Notification` is handed on to the binding on the posting thread, which is what
    // NotificationCenter itself does with it.
    let observer: Observer<Notification>

    init(_ observer: Observer<Notification>) {
        self.observer = observer
    }
}

/// Removes one NotificationCenter observer when its binding is cancelled.
private final class NotificationObserverToken: Cancellable, @unchecked Sendable {
    // Unchecked: `token` is an opaque object NotificationCenter handed out; it is only passed
    // back to `removeObserver(_:)`, which is thread-safe and ignores a second removal.
    private let center: NotificationCenter
    private let token: any NSObjectProtocol

    init(center: NotificationCenter, token: any NSObjectProtocol) {
        self.center = center
        self.token = token
    }

    func cancel() {
        center.removeObserver(token)
    }
}
