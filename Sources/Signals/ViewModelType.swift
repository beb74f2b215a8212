/// An input/output view model: the view sends UI events into `Input`, and binds to `Output`.
///
/// - `Input` is a struct of ``Subject``s with a no-argument `init()`; the view (or a test)
///   sends into them.
/// - `Output` is a struct of read-only ``Observable``s. Events (errors, inserted index paths)
///   are `Subject`-backed; state (loading, empty, cancel-button visibility) is
///   ``Property``-backed and replays its current value to each new binding.
/// - `bag` holds the bindings that `transform(input:)` makes; they live as long as the view
///   model does.
///
/// **Calling `transform` twice.** Each call is a fresh *session*: the view models in this
/// package cancel everything the previous call wired (`bag.cancelAll()`), reset their state,
/// and wire the new input to a new output. The previous input then drives nothing and the
/// previous output emits nothing more. This is the rule to follow in your own view models; the
/// protocol cannot enforce it.
///
/// ```swift
/// final class CounterViewModel: ViewModelType {
///     struct Input { let increment = Subject<Void>() }
///     struct Output { let count: Observable<Int> }
///     let bag = CancellableBag()
///
///     func transform(input: Input) -> Output {
///         bag.cancelAll()
///         let count = Property(0)
///         input.increment
///             .bind { count.value += 1 }
///             .store(in: bag)
///         return Output(count: count.asObservable())
///     }
/// }
/// ```
public protocol ViewModelType {
    /// The UI events the view sends in: a struct of subjects.
    associatedtype Input
    /// What the view binds to: a struct of observables.
    associatedtype Output
    /// Holds the bindings made by `transform(input:)`.
    var bag: CancellableBag { get }
    /// Wires `input` to a new output; see the type's documentation for calling it twice.
    func transform(input: Input) -> Output
}
