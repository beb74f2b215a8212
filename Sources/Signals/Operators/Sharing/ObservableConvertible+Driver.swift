// One call for a UI output, as RxCocoa's `Driver`: delivered on the main queue (inline when
// already there), the latest value replayed to each new binding, and no failure reaching the
// UI (replaced, or dropped).

extension ObservableConvertible {
    /// This stream as a UI output (RxCocoa's `asDriver()`): delivered on the main queue, at
    /// once when it already runs there (``MainScheduler``), one shared upstream binding, and
    /// the latest value replayed to each new binding.
    ///
    /// ```swift
    /// let title = input.viewDidLoad.flatMapLatest { _ in store.title() }.asDriver()
    /// ```
    ///
    /// It is `receive(on: .mainInline).share(replay: 1)`: a `@MainActor` view model's outputs
    /// arrive synchronously in its tests, with no scheduler to inject or run. The upstream is
    /// bound with the first binding and cancelled with the last (see
    /// ``ObservableConvertible/share(replay:)``).
    public func asDriver() -> Observable<Value> {
        receive(on: MainScheduler.instance).share(replay: 1)
    }

    /// A stream of `Result`s as a UI output, each failure replaced by `replacement`
    /// (RxCocoa's `asDriver(onErrorJustReturn:)`; unlike it, the stream goes on after a
    /// failure). See ``ObservableConvertible/asDriver()``.
    ///
    /// ```swift
    /// let photos = input.refresh.flatMapLatest { _ in repository.photos() }
    ///     .asDriver(onFailureJustReturn: [])
    /// ```
    public func asDriver<Success, Failure>(
        onFailureJustReturn replacement: Success
    ) -> Observable<Success> where Value == Result<Success, Failure> {
        replaceFailure(with: replacement).asDriver()
    }

    /// A stream of `Result`s as a UI output with the failures dropped (what apps write as
    /// `asDriverOnErrorJustComplete()`; here the stream goes on after a failure). Report the
    /// errors first with `trackFailures(into:)` to
    /// show them elsewhere. See ``ObservableConvertible/asDriver()``.
    ///
    /// ```swift
    /// let user = input.appear.flatMapLatest { _ in api.user() }.asDriverDroppingFailures()
    /// ```
    public func asDriverDroppingFailures<Success, Failure>() -> Observable<Success> where Value == Result<Success, Failure> {
        successes().asDriver()
    }
}
