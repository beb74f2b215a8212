// Typed `combineLatest` and `zip` of up to six streams (RxSwift's and Combine's arities), with
// and without a transform. Three or more streams run on the N-source machines of the static
// `Observable.combineLatest(_:_:_:)` / `Observable.zip(_:_:_:)` (one serializer, no nested
// pairs); the semantics are those of two: `combineLatest` delivers once every stream has
// delivered and finishes when all have finished; `zip` pairs the n-th values and finishes as
// soon as no further tuple is possible.

extension ObservableConvertible {
    /// `zip(_:)` followed by `transform` on each pair.
    public func zip<Other, Result>(
        _ other: some ObservableConvertible<Other>,
        _ transform: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        zip(other).map { transform($0.0, $0.1) }
    }

    /// The n-th values of 3 streams as one tuple (see ``zip(_:)``).
    public func zip<B, C>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>
    ) -> Observable<(Value, B, C)> {
        Observable.zip(self, b, c)
    }

    /// The n-th values of 3 streams passed through `transform`.
    public func zip<B, C, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ transform: @escaping (Value, B, C) -> Result
    ) -> Observable<Result> {
        zip(b, c).map { transform($0.0, $0.1, $0.2) }
    }

    /// The latest values of 4 streams as one tuple (see ``combineLatest(_:)``).
    ///
    /// ```swift
    /// let form = name.combineLatest(email, password, acceptsTerms)   // (String, String, String, Bool)
    /// ```
    public func combineLatest<B, C, D>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>
    ) -> Observable<(Value, B, C, D)> {
        Observable.combineLatest(self, b, c, d)
    }

    /// The latest values of 4 streams passed through `transform`.
    public func combineLatest<B, C, D, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ transform: @escaping (Value, B, C, D) -> Result
    ) -> Observable<Result> {
        combineLatest(b, c, d).map { transform($0.0, $0.1, $0.2, $0.3) }
    }

    /// The n-th values of 4 streams as one tuple (see ``zip(_:)``).
    ///
    /// ```swift
    /// let rows = ids.zip(titles, thumbnails, dates)   // the n-th of each, together
    /// ```
    public func zip<B, C, D>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>
    ) -> Observable<(Value, B, C, D)> {
        Observable.zip(self, b, c, d)
    }

    /// The n-th values of 4 streams passed through `transform`.
    public func zip<B, C, D, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ transform: @escaping (Value, B, C, D) -> Result
    ) -> Observable<Result> {
        zip(b, c, d).map { transform($0.0, $0.1, $0.2, $0.3) }
    }

    /// The latest values of 5 streams as one tuple (see ``combineLatest(_:)``).
    public func combineLatest<B, C, D, E>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>
    ) -> Observable<(Value, B, C, D, E)> {
        Observable.combineLatest(self, b, c, d, e)
    }

    /// The latest values of 5 streams passed through `transform`.
    public func combineLatest<B, C, D, E, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>,
        _ transform: @escaping (Value, B, C, D, E) -> Result
    ) -> Observable<Result> {
        combineLatest(b, c, d, e).map { transform($0.0, $0.1, $0.2, $0.3, $0.4) }
    }

    /// The n-th values of 5 streams as one tuple (see ``zip(_:)``).
    public func zip<B, C, D, E>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>
    ) -> Observable<(Value, B, C, D, E)> {
        Observable.zip(self, b, c, d, e)
    }

    /// The n-th values of 5 streams passed through `transform`.
    public func zip<B, C, D, E, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>,
        _ transform: @escaping (Value, B, C, D, E) -> Result
    ) -> Observable<Result> {
        zip(b, c, d, e).map { transform($0.0, $0.1, $0.2, $0.3, $0.4) }
    }

    /// The latest values of 6 streams as one tuple (see ``combineLatest(_:)``).
    public func combineLatest<B, C, D, E, F>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>,
        _ f: some ObservableConvertible<F>
    ) -> Observable<(Value, B, C, D, E, F)> {
        Observable.combineLatest(self, b, c, d, e, f)
    }

    /// The latest values of 6 streams passed through `transform`.
    public func combineLatest<B, C, D, E, F, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>,
        _ f: some ObservableConvertible<F>,
        _ transform: @escaping (Value, B, C, D, E, F) -> Result
    ) -> Observable<Result> {
        combineLatest(b, c, d, e, f).map { transform($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
    }

    /// The n-th values of 6 streams as one tuple (see ``zip(_:)``).
    public func zip<B, C, D, E, F>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>,
        _ f: some ObservableConvertible<F>
    ) -> Observable<(Value, B, C, D, E, F)> {
        Observable.zip(self, b, c, d, e, f)
    }

    /// The n-th values of 6 streams passed through `transform`.
    public func zip<B, C, D, E, F, Result>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>,
        _ d: some ObservableConvertible<D>,
        _ e: some ObservableConvertible<E>,
        _ f: some ObservableConvertible<F>,
        _ transform: @escaping (Value, B, C, D, E, F) -> Result
    ) -> Observable<Result> {
        zip(b, c, d, e, f).map { transform($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
    }
}
