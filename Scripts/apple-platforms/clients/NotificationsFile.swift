// A client file with the documented ways into a stream from Foundation and AsyncSequence,
// type-checked for each Apple platform by Scripts/check-apple-platforms.sh, where
// `Notification` is not `Sendable` (Apple marks the conformance unavailable; so does the
// stand-in). What the docs say does not compile is in Scripts/apple-platforms/rejected.
import Foundation
import Signals
import SignalsFoundation

let sessionRenewed = Notification.Name("SessionRenewed")

/// SignalsFoundation's bridge, mapped to `Sendable` values on the posting thread
/// (NotificationCenter+Observable.swift's doc comment, SignalsFoundation.md).
func renewals(center: NotificationCenter) -> Observable<String> {
    center.observable(for: sessionRenewed)
        .compactMap { $0.userInfo?["user"] as? String }
}

/// The same stream as an `AsyncStream`, which needs `Sendable` values.
func renewalsAsAsyncSequence(center: NotificationCenter) -> AsyncStream<String> {
    renewals(center: center).values
}

/// `Observable(elements:)` over a `map` of an `AsyncStream` (Observable+AsyncElements.swift's
/// doc comment).
func labels() -> (Observable<String>, AsyncStream<Int>.Continuation) {
    let (counts, continuation) = AsyncStream.makeStream(of: Int.self)
    let labels = Observable(elements: counts.map { "\($0) new" })   // Observable<String>
    return (labels, continuation)
}
