import Foundation
import Signals
import SignalsFoundation
import SignalsTesting
import Testing

private let ping = Notification.Name("SignalsFoundationTests.ping")
private let pong = Notification.Name("SignalsFoundationTests.pong")

/// A sender object to filter notifications on.
private final class Sender {}

/// `NotificationCenter.observable(for:object:)`, on a private center per test.
@Suite(.timeLimit(.minutes(1))) struct NotificationCenterBridgeTests {
    @Test func postedNotificationsArriveInOrderWithTheirUserInfo() {
        let center = NotificationCenter()
        let recorder = Recorder(center.observable(for: ping).map { $0.userInfo?["n"] as? Int })
        center.post(name: ping, object: nil, userInfo: ["n": 1])
        center.post(name: pong, object: nil, userInfo: ["n": 99])
        center.post(name: ping, object: nil, userInfo: ["n": 2])
        #expect(recorder.events == [.value(1), .value(2)])
    }

    @Test func anObjectFilterKeepsOnlyThatSendersNotifications() {
        let center = NotificationCenter()
        let mine = Sender()
        let other = Sender()
        let recorder = Recorder(center.observable(for: ping, object: mine).map { $0.object as AnyObject? === mine })
        center.post(name: ping, object: other)
        center.post(name: ping, object: mine)
        center.post(name: ping, object: nil)
        #expect(recorder.events == [.value(true)])
    }

    @Test func cancellingTheBindingRemovesTheObserver() {
        let center = NotificationCenter()
        let recorder = Recorder(center.observable(for: ping).map(\.name.rawValue))
        center.post(name: ping, object: nil)
        recorder.cancel()
        center.post(name: ping, object: nil)
        #expect(recorder.events == [.value(ping.rawValue)])
    }

    @Test func releasingTheTokenRemovesTheObserver() {
        let center = NotificationCenter()
        let box = Locked(0)
        var token: (any Cancellable)? = center.observable(for: ping).bind { _ in box.withLock { $0 += 1 } }
        center.post(name: ping, object: nil)
        token = nil
        center.post(name: ping, object: nil)
        #expect(token == nil)
        #expect(box.withLock { $0 } == 1)
    }

    @Test func eachBindingGetsItsOwnObserver() {
        let center = NotificationCenter()
        let stream = center.observable(for: ping).map { _ in "ping" }
        let first = Recorder(stream)
        let second = Recorder(stream)
        center.post(name: ping, object: nil)
        first.cancel()
        center.post(name: ping, object: nil)
        #expect(first.events == [.value("ping")])
        #expect(second.events == [.value("ping"), .value("ping")])
    }

    /// `Notification` is not `Sendable` (Foundation marks the conformance unavailable, here as
    /// on Apple platforms): mapped to `Sendable` values first, the stream feeds what needs them,
    /// as SignalsFoundation's documentation shows (`values`, an `AsyncStream`).
    @Test(.timeLimit(.minutes(1))) func mappedToSendableValuesTheNotificationsFeedAnAsyncStream() async {
        let center = NotificationCenter()
        let names: Observable<String> = center.observable(for: ping).compactMap { $0.userInfo?["name"] as? String }
        let values = names.values   // binds now
        center.post(name: ping, object: nil, userInfo: ["name": "ada"])
        center.post(name: ping, object: nil, userInfo: ["n": 1])
        center.post(name: ping, object: nil, userInfo: ["name": "grace"])
        var received: [String] = []
        for await name in values {
            received.append(name)
            if received.count == 2 { break }
        }
        #expect(received == ["ada", "grace"])
    }

    @Test func aNotificationPostedOnAnotherThreadIsDeliveredOnThatThreadBeforePostReturns() async {
        let center = NotificationCenter()
        let recorder = Recorder(center.observable(for: ping).map { $0.userInfo?["n"] as? Int })
        await Task.detached {
            center.post(name: ping, object: nil, userInfo: ["n": 7])
            #expect(recorder.events == [.value(7)])
        }.value
        #expect(recorder.events == [.value(7)])
    }
}
