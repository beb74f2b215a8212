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
    ///
    /// `Notification` is not `Sendable`: Foundation marks that conformance unavailable, on
    /// Apple platforms and on Linux, because `object` and `userInfo` may hold anything. So map
    /// each notification to what you need, on the posting thread, as the first step: `map`
    /// or `compactMap` gives a stream of `Sendable` values, which the rest of Signals takes
    /// (`values`, `Property`, a view model's outputs). For the same reason the AsyncSequence
    /// `notifications(named:)` (iOS 15) cannot feed `Observable(elements:)`, which needs
    /// `Sendable` elements; use this bridge instead.
    ///
    /// ```swift
    /// let renewedUntil = NotificationCenter.default
    ///     .observable(for: sessionRenewed)
    ///     .compactMap { $0.userInfo?["expires"] as? Date }   // Observable<Date>: Sendable values
    /// ```
    public func observable(
        for name: Notification.Name,
        object: AnyObject? = nil
    ) -> Signals.Observable<Notification> {
        .create { observer in
            // The sender filter is applied here, by identity, not by NotificationCenter:
            // corelibs Foundation 6.2 matches no non-NSObject sender (a Swift class) at all,
            // where Apple's and 6.0's and 6.3's match it by identity. Held weakly, as
            // NotificationCenter holds it: a sender that is gone matches nothing.
            let delivery = NotificationDelivery(observer, sender: object)
            let token = self.addObserver(forName: name, object: nil, queue: nil) { notification in
                delivery.deliver(notification)
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
    /// Whether a sender was asked for; then only `sender`'s notifications pass.
    private let filtersBySender: Bool
    private weak var sender: AnyObject?

    init(_ observer: Observer<Notification>, sender: AnyObject?) {
        self.observer = observer
        self.filtersBySender = sender != nil
        self.sender = sender
    }

    /// Hands `notification` on if it passes the sender filter.
    func deliver(_ notification: Notification) {
        if filtersBySender {
            guard let sender, let object = notification.object as AnyObject?, object === sender else { return }
        }
        observer.send(notification)
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
