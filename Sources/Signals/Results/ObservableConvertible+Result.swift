// Streams never fail: an operation that can fail delivers a `Result` (`Observable.task` does),
// and these operators read and reshape that error channel. None of them finishes the stream on
// a failure: a failure is a value like any other, and the stream goes on.

extension ObservableConvertible {
    /// Delivers the success values of a stream of `Result`s, dropping the failures.
    ///
    /// ```swift
    /// let photos = request.successes()         // request: Observable<Result<[Photo], any Error>>
    /// let errors = request.failures()
    /// ```
    public func successes<Success, Failure>() -> Observable<Success> where Value == Result<Success, Failure> {
        compactMap { result in
            guard case .success(let value) = result else { return nil }
            return value
        }
    }

    /// Delivers the errors of a stream of `Result`s, dropping the successes.
    ///
    /// ```swift
    /// let message = request.failures().map(\.localizedDescription)
    /// ```
    public func failures<Success, Failure>() -> Observable<Failure> where Value == Result<Success, Failure> {
        compactMap { result in
            guard case .failure(let error) = result else { return nil }
            return error
        }
    }

    /// Delivers the success values, and `replacement` in place of each failure; the stream
    /// goes on after a failure (unlike Combine's `replaceError(with:)`, which finishes).
    ///
    /// ```swift
    /// let avatar = loadAvatar.replaceFailure(with: placeholder)
    /// ```
    public func replaceFailure<Success, Failure>(
        with replacement: Success
    ) -> Observable<Success> where Value == Result<Success, Failure> {
        map { result in
            switch result {
            case .success(let value): value
            case .failure: replacement
            }
        }
    }

    /// Delivers the success values, and in place of each failure the values of the stream
    /// `handler` returns for its error (RxSwift's `catch`, Combine's `catch`, for a stream of
    /// `Result`s).
    ///
    /// ```swift
    /// let photos = remote.catchFailure { _ in cache.photos() }   // fall back to the cache
    /// ```
    ///
    /// The upstream keeps running after a failure: each failure's replacement is bound at
    /// once and its values are merged with the later successes, in the order they arrive
    /// (it is a `flatMap`). Finishes when upstream and every replacement have finished.
    public func catchFailure<Success, Failure>(
        _ handler: @escaping (Failure) -> Observable<Success>
    ) -> Observable<Success> where Value == Result<Success, Failure> {
        flatMap { result in
            switch result {
            case .success(let value): .just(value)
            case .failure(let error): handler(error)
            }
        }
    }

    /// Delivers the success values and sends each failure's error into `errors` (RxSwift's
    /// `ErrorTracker`): many requests can report into one `errors` output.
    ///
    /// ```swift
    /// let errors = Subject<any Error>()        // the view model's error output
    /// let photos = input.refresh
    ///     .flatMapLatest { _ in repository.photos().track(activity).trackFailures(into: errors) }
    /// ```
    ///
    /// The error is sent when the failure passes through a binding: a stream bound twice
    /// reports each failure twice (add `share()` before it to report once).
    public func trackFailures<Success, Failure>(
        into errors: Subject<Failure>
    ) -> Observable<Success> where Value == Result<Success, Failure> {
        compactMap { result in
            switch result {
            case .success(let value):
                return value
            case .failure(let error):
                errors.send(error)
                return nil
            }
        }
    }
}

extension ObservableConvertible {
    /// Delivers the success values and sends each failure's error, whatever its type, into
    /// `errors`, a subject of `any Error`: requests with different typed failures report into
    /// one error output (RxSwift's `ErrorTracker`).
    ///
    /// ```swift
    /// let errors = Subject<any Error>()
    /// let photos = refresh.flatMapLatest { _ in photoRequest().trackFailures(into: errors) }   // Result<_, PhotoError>
    /// let user = appear.flatMapLatest { _ in userRequest().trackFailures(into: errors) }       // Result<_, AuthError>
    /// ```
    @_disfavoredOverload   // a stream of `Result<_, any Error>` takes the form above
    public func trackFailures<Success, Failure: Error>(
        into errors: Subject<any Error>
    ) -> Observable<Success> where Value == Result<Success, Failure> {
        compactMap { result in
            switch result {
            case .success(let value):
                return value
            case .failure(let error):
                errors.send(error)
                return nil
            }
        }
    }

    /// Delivers each `Result` with its failure replaced by `transform`'s (the `Result`
    /// method `mapError(_:)` on every value): a typed failure from `Observable.task`'s
    /// `any Error`, or one error type of a screen from a repository's.
    ///
    /// ```swift
    /// let page = Observable.task { try await api.page(cursor) }
    ///     .mapFailure { ($0 as? PageError) ?? .unknown }   // Observable<Result<Page, PageError>>
    /// ```
    public func mapFailure<Success, Failure, NewFailure>(
        _ transform: @escaping (Failure) -> NewFailure
    ) -> Observable<Result<Success, NewFailure>> where Value == Result<Success, Failure> {
        map { $0.mapError(transform) }
    }
}
