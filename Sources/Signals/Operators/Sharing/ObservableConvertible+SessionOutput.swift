// A view model's output in one call: the stream fed into a subject (an event) or a property
// (state) through a binding kept in the session's bag, so that the next `transform(input:)`,
// which cancels the bag, silences the outputs of the session before it.

extension ObservableConvertible {
    /// This stream as an event output of the session whose bindings `bag` holds: bound now,
    /// through a binding stored in `bag`, and delivered to the output's bindings as it comes
    /// (no replay), until `bag` is cancelled.
    ///
    /// ```swift
    /// func transform(input: Input) -> Output {
    ///     bag.cancelAll()
    ///     return Output(submitted: input.submitTapped.withLatestFrom(email).output(in: bag))
    /// }
    /// ```
    ///
    /// It is a ``Subject`` fed with `bind(to:)`, the binding stored in `bag`, in one call
    /// (RxCocoa's `asSignal()` for the no-replay half; the session is what it adds). So the
    /// rule of <doc:InputOutputViewModels#Outputs-that-end-with-their-session> holds by
    /// construction: once `bag.cancelAll()` (or the bag's deallocation) ends the session, the
    /// output emits nothing more. It does not finish then, and it does not pass on the stream's finish
    /// either: an output ends only with its session, as a hand-fed subject does.
    ///
    /// The stream is bound at once, so a value it delivers before the view binds the output
    /// is not seen by that binding (as with any event). Values pass through on the thread
    /// they arrive on: the output's own bindings check their isolation, this one does not.
    ///
    /// Where it binds is where you call it: the bindings of one subject or property are
    /// called in the order they were made. Written inside `return Output(…)`, after the
    /// transform's other bindings of the same input, it is the last binding of its stream,
    /// so an output arrives after the side effects the same event caused in those bindings
    /// (a tap's `isLoading.value = true`, a request started): a view bound to both sees the
    /// side effect first. To deliver an output first, call `output(in:)` (into a `let`)
    /// before making the other bindings. ``state(initial:in:)`` binds the same way.
    public func output(in bag: CancellableBag) -> Observable<Value> {
        let subject = Subject<Value>()
        bind(isolation: nil) { subject.send($0) }.store(in: bag)
        return subject.asObservable()
    }

    /// This stream as a state output of the session whose bindings `bag` holds: a value that
    /// starts as `initial`, becomes each value of the stream until `bag` is cancelled, and is
    /// replayed to each new binding.
    ///
    /// ```swift
    /// let isSubmitEnabled = input.email
    ///     .combineLatest(input.password) { $0.contains("@") && $1.count >= 8 }
    ///     .state(initial: false, in: bag)
    ///     .removeDuplicates()
    /// ```
    ///
    /// It is a ``Property`` fed with `bind(to:)`, the binding stored in `bag`, in one call
    /// (RxCocoa's `asDriver()` keeps the latest value the same way; the session is what this
    /// adds). Once `bag.cancelAll()` ends the session, the output keeps its last value, replays
    /// it to a binding made later, and changes no more. A property delivers every value, equal
    /// ones included: add `removeDuplicates()` for changes only (see
    /// <doc:InputOutputViewModels#A-Property-output-re-emits-equal-values>).
    ///
    /// Keep a ``Property`` of your own instead when the view model reads the current value in
    /// another pipeline, or feeds it from more than one stream.
    public func state(initial: Value, in bag: CancellableBag) -> Observable<Value> {
        let property = Property(initial)
        bind(isolation: nil) { property.value = $0 }.store(in: bag)
        return property.asObservable()
    }
}
