/// A read-only stream of values that may finish. Streams never fail: errors travel as values
/// (for example `Result` or an `error` output of a view model).
///
/// Bind a handler to receive values; keep the returned token for as long as you want them:
///
/// ```swift
/// let names = Subject<String>()
/// let token = names
///     .map { $0.uppercased() }
///     .bind { print($0) }
/// names.send("ada")   // prints "ADA"
/// token.cancel()
/// ```
///
/// Semantics, for every stream in the package:
/// - Delivery is synchronous on the sending thread (unless `receive(on:)` says otherwise) and
///   serialized per binding: a handler never runs twice at once.
/// - Bindings of one subject or property are called in the order they were made.
/// - A handler that sends into the stream that called it does not recurse: the value is
///   queued and delivered after the current delivery (FIFO), so re-entrancy cannot deadlock,
///   reorder, or grow the stack. When several threads send at once, whichever thread is
///   already delivering delivers the others' values too, in order; in a flood, senders on
///   other threads wait for room in a bounded queue and the delivering thread hands its role
///   to one of them after a bounded turn (see <doc:TheContract#Floods>).
/// - Bind, cancel and send may be called from any thread. No lock is held while your code runs.
/// - Values and handlers you pass are used on whichever thread sends, as in Combine; Signals
///   makes its own state thread-safe, not the values you send.
public struct Observable<Value> {
    /// Binds an observer. The observer is passed owned (`__owned`) so it can be stored in the
    /// binding without copying its two closures (a retain and release of each per bind).
    @usableFromInline let subscribe: (__owned Observer<Value>) -> Cancellable

    /// Creates a stream from its bind function (the observer given is already serialized).
    @inlinable
    init(subscribe: @escaping (__owned Observer<Value>) -> Cancellable) {
        self.subscribe = subscribe
    }

    /// Returns this stream (for symmetry with ``Subject`` and ``Property``).
    @inlinable
    public func asObservable() -> Observable<Value> { self }
}
