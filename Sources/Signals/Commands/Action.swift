/// The state of an ``Action``, free of locks: its decisions, made under the lock of the
/// property that holds it.
struct ActionStateMachine: Equatable {
    /// The latest value of the action's `enabledIf` stream.
    private(set) var isUserEnabled: Bool
    private(set) var isExecuting = false

    init(isUserEnabled: Bool) {
        self.isUserEnabled = isUserEnabled
    }

    /// Whether `apply` would start an execution now.
    var isEnabled: Bool { isUserEnabled && !isExecuting }

    /// `apply` was called: returns true to start an execution, false to refuse (`disabled`).
    mutating func applied() -> Bool {
        guard isEnabled else { return false }
        isExecuting = true
        return true
    }

    /// The execution finished (or was cancelled): returns true if that changed the state.
    mutating func executionEnded() -> Bool {
        guard isExecuting else { return false }
        isExecuting = false
        return true
    }

    /// `enabledIf` delivered: returns true if that changed the state.
    mutating func enabledChanged(_ isEnabled: Bool) -> Bool {
        guard isEnabled != isUserEnabled else { return false }
        isUserEnabled = isEnabled
        return true
    }
}

/// A command: work started by an input, at most one at a time, that can be enabled or
/// disabled (ReactiveSwift's `Action`, RxSwift's `Action`): a Save or Log in button.
///
/// ```swift
/// let logIn = Action(enabledIf: canLogIn) { (credentials: Credentials) in
///     Observable.task { try await service.logIn(credentials) }   // delivers a Result
/// }
/// logIn.isExecuting.bind { spinner.isHidden = !$0 }.store(in: bag)
/// logIn.isEnabled.bind { button.isEnabled = $0 }.store(in: bag)
/// logIn.values.successes().bind { showHome($0) }.store(in: bag)
/// logIn.errors().bind { showAlert($0) }.store(in: bag)
/// input.logInTapped.bind { logIn.apply(credentials) }.store(in: bag)
/// ```
///
/// - ``apply(_:)`` starts an execution: it binds the stream `execute` returns for the input,
///   delivers its values on ``values``, and ends when that stream finishes.
/// - At most one execution runs at a time. Applying while one runs, or while `enabledIf` is
///   false, starts nothing and delivers `()` on ``disabled`` instead.
/// - ``isExecuting`` and ``isEnabled`` (`enabledIf` and not executing) replay their current
///   state to each new binding, then deliver each change (once per change).
/// - Releasing the action cancels the running execution and its `enabledIf` binding.
///
/// Thread-safe: `apply` may be called from any thread, and of two racing calls exactly one
/// starts. The action is not `Sendable` (it holds `execute`, which may capture actor state):
/// keep it where it was made, for example in a `@MainActor` view model, and apply it there.
public final class Action<Input, Output> {
    private let execute: (Input) -> Observable<Output>
    private let state: Property<ActionStateMachine>
    private let outputs = Subject<Output>()
    private let refusals = Subject<Void>()
    /// The binding of `enabledIf`, for the action's life.
    private let enabledToken: any Cancellable
    /// The running execution's binding (the next one replaces it; cancelled on deinit).
    private let execution = LateCancellable()

    /// Creates an action that runs `execute` for each accepted input, enabled while
    /// `enabledIf`'s latest value is true (false until it has delivered one).
    ///
    /// ```swift
    /// let save = Action(enabledIf: form.isValid) { (draft: Draft) in store.save(draft) }
    /// ```
    public init(
        enabledIf isEnabled: some ObservableConvertible<Bool>,
        execute: @escaping (Input) -> Observable<Output>
    ) {
        let state = Property(ActionStateMachine(isUserEnabled: false))
        self.state = state
        self.execute = execute
        enabledToken = isEnabled.bind { enabled in
            _ = state.update { $0.enabledChanged(enabled) }
        }
    }

    /// Creates an action that is always enabled (except while it executes).
    ///
    /// ```swift
    /// let refresh = Action { (_: Void) in repository.photos(page: 1) }
    /// ```
    public convenience init(execute: @escaping (Input) -> Observable<Output>) {
        self.init(enabledIf: Observable.just(true), execute: execute)
    }

    deinit {
        enabledToken.cancel()
        execution.cancel()
    }

    /// Whether ``apply(_:)`` would start an execution: `enabledIf` is true and none is
    /// running. Its `value` is the state now; a binding gets it at once, then each change.
    public var isEnabled: ReadOnlyProperty<Bool> {
        ReadOnlyProperty(state) { $0.isEnabled }
    }

    /// Whether an execution is running. Its `value` is the state now; a binding gets it at
    /// once, then each change.
    public var isExecuting: ReadOnlyProperty<Bool> {
        ReadOnlyProperty(state) { $0.isExecuting }
    }

    /// The values of every execution, as they arrive (no replay).
    public var values: Observable<Output> { outputs.asObservable() }

    /// Delivers `()` each time ``apply(_:)`` is called while the action is not enabled
    /// (`enabledIf` is false, or an execution is running); nothing starts then.
    public var disabled: Observable<Void> { refusals.asObservable() }

    /// Starts an execution for `input` if the action is enabled; otherwise delivers `()` on
    /// ``disabled``. Returns whether it started.
    ///
    /// ```swift
    /// input.saveTapped.bind { save.apply(draft.value) }.store(in: bag)
    /// if !refresh.apply() { pendingRefresh = true }   // busy: try again when it ends
    /// ```
    ///
    /// The execution's values are delivered on ``values`` as `execute`'s stream delivers them
    /// (synchronously, for a synchronous stream, before `apply` returns).
    ///
    /// ## Order of the outputs
    /// For each value of the execution, ``values`` delivers first. When the execution's stream
    /// finishes, the action's state changes once: ``isExecuting`` delivers `false`, then
    /// ``isEnabled`` delivers `true` (when `enabledIf` is true), in the order their bindings
    /// were made (both read one property). So the last value of an execution always arrives
    /// while `isExecuting` is still `true`; a stream tracked by an ``ActivityTracker`` inside
    /// `execute` turns the tracker `false` when it finishes, also after its last value. The
    /// refusal on ``disabled`` is delivered before `apply` returns `false`.
    @discardableResult
    public func apply(_ input: Input) -> Bool {
        guard state.update({ $0.applied() }) else {
            refusals.send(())
            return false
        }
        let state = self.state
        let ending = AnyCancellable { _ = state.update { $0.executionEnded() } }
        // This execution's own slot, in place before it can end: once it has ended, another
        // thread may start the next execution, which must not be replaced by this one's token.
        let thisExecution = LateCancellable()
        execution.set(thisExecution)
        let outputs = self.outputs
        let token = execute(input).bind(
            onValue: { outputs.send($0) },
            onFinish: { ending.cancel() }
        )
        thisExecution.set(AnyCancellable {
            token.cancel()
            ending.cancel()
        })
        return true
    }
}

extension Action where Input == Void {
    /// Starts an execution if the action is enabled; otherwise delivers `()` on ``disabled``.
    /// Returns whether it started.
    @discardableResult
    public func apply() -> Bool {
        apply(())
    }
}

extension Action {
    /// The errors of the executions of an action whose work delivers `Result`s (its
    /// ``values`` filtered with `failures()`; `values.successes()` gives the rest).
    ///
    /// ```swift
    /// logIn.errors().map(\.localizedDescription).bind { showAlert($0) }.store(in: bag)
    /// ```
    public func errors<Success, Failure>() -> Observable<Failure> where Output == Result<Success, Failure> {
        values.failures()
    }
}
