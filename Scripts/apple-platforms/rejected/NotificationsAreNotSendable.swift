// Must NOT compile (Scripts/check-apple-platforms.sh, step 6b: `-verify`, each expected error
// named on its line, no other diagnostic). Apple's Foundation marks `Notification`'s `Sendable`
// conformance unavailable, and the stand-in must say so: unavailable, not merely missing, so
// `@preconcurrency import` does not silence it (a missing conformance it would silence).
// This is why the docs bridge notifications with SignalsFoundation's
// `observable(for:object:)` and a `map` to `Sendable` values, never with
// `Observable(elements:)` over `notifications(named:)`.
@preconcurrency import Foundation
import Signals

func needsSendable<T: Sendable>(_ value: T) {}

func aNotificationIsNotSendable(name: Notification.Name) {
    needsSendable(Notification(name: name)) // expected-error {{conformance of 'Notification' to 'Sendable' is unavailable}}
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
func notificationsCannotFeedTheElementsBridge(center: NotificationCenter, name: Notification.Name) {
    _ = Observable(elements: center.notifications(named: name)) // expected-error {{conformance of 'Notification' to 'Sendable' is unavailable}}
    // The map is Sendable only when its base's elements are: `Notification`s are not.
    _ = Observable(elements: center.notifications(named: name).map { _ in () }) // expected-error {{conformance of 'Notification' to 'Sendable' is unavailable}}
}
