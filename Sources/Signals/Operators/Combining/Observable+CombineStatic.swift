// Static `Observable.combineLatest(a, b, …)` and `Observable.zip(a, b, …)` for two or more
// streams of any types (RxSwift's `Observable.combineLatest(_:_:…)`, Combine's
// `Publishers.CombineLatestN`), with no cap on the number of streams. Each is ONE N-source state
// machine (`CombineLatestManyStateMachine`, `ZipManyStateMachine`) in one `Serializer`, not
// nested pairs: the values travel type-erased inside the machine and are put back into a tuple
// of the sources' types on the way out.

extension Observable {
    /// The latest value of every stream, as one tuple, each time one of them delivers (once all
    /// have delivered at least once); finishes when all have finished. Any number of streams,
    /// two or more, of any types.
    ///
    /// ```swift
    /// let form = Observable.combineLatest(name, email, password, acceptsTerms, age, country, plan)
    /// // Observable<(String, String, String, Bool, Int, String, Plan)>
    /// ```
    public static func combineLatest<A, B, each S: ObservableConvertible>(
        _ a: some ObservableConvertible<A>,
        _ b: some ObservableConvertible<B>,
        _ rest: repeat each S
    ) -> Observable<Value> where Value == (A, B, repeat (each S).Value) {
        var sources = [erased(a), erased(b)]
        repeat sources.append(erased(each rest))
        return Observable<[Any]>
            .combiningAll(sources) { CombineLatestManyStateMachine(count: $0) }
            .map { row in tuple(from: row, as: Value.self) }
    }

    /// `Observable.combineLatest(_:_:_:)` followed by `transform` on the latest values.
    ///
    /// ```swift
    /// let canLogIn = Observable.combineLatest(email, password, isLoading) { email, password, isLoading in
    ///     !email.isEmpty && password.count >= 8 && !isLoading
    /// }
    /// ```
    public static func combineLatest<A, B, each S: ObservableConvertible>(
        _ a: some ObservableConvertible<A>,
        _ b: some ObservableConvertible<B>,
        _ rest: repeat each S,
        transform: @escaping (A, B, repeat (each S).Value) -> Value
    ) -> Observable<Value> {
        var sources = [erased(a), erased(b)]
        repeat sources.append(erased(each rest))
        return Observable<[Any]>
            .combiningAll(sources) { CombineLatestManyStateMachine(count: $0) }
            .map { row in apply(transform, to: row, as: (repeat (each S).Value).self) }
    }

    /// The n-th value of every stream, as one tuple; finishes as soon as no further tuple is
    /// possible (a finished stream has no unpaired value). Any number of streams, two or more, of
    /// any types.
    ///
    /// ```swift
    /// let rows = Observable.zip(ids, titles, thumbnails)   // Observable<(ID, String, Image)>
    /// ```
    public static func zip<A, B, each S: ObservableConvertible>(
        _ a: some ObservableConvertible<A>,
        _ b: some ObservableConvertible<B>,
        _ rest: repeat each S
    ) -> Observable<Value> where Value == (A, B, repeat (each S).Value) {
        var sources = [erased(a), erased(b)]
        repeat sources.append(erased(each rest))
        return Observable<[Any]>
            .combiningAll(sources) { ZipManyStateMachine(count: $0) }
            .map { row in tuple(from: row, as: Value.self) }
    }

    /// `Observable.zip(_:_:_:)` followed by `transform` on each tuple.
    public static func zip<A, B, each S: ObservableConvertible>(
        _ a: some ObservableConvertible<A>,
        _ b: some ObservableConvertible<B>,
        _ rest: repeat each S,
        transform: @escaping (A, B, repeat (each S).Value) -> Value
    ) -> Observable<Value> {
        var sources = [erased(a), erased(b)]
        repeat sources.append(erased(each rest))
        return Observable<[Any]>
            .combiningAll(sources) { ZipManyStateMachine(count: $0) }
            .map { row in apply(transform, to: row, as: (repeat (each S).Value).self) }
    }
}

/// `source` with its values as `Any`, so that streams of different types share one machine.
private func erased<Source: ObservableConvertible>(_ source: Source) -> Observable<Any> {
    let upstream = source.asObservable().subscribe
    return Observable<Any> { downstream in
        upstream(Observer(onValue: { downstream.onValue($0) }, onFinish: downstream.onFinish))
    }
}

/// The row of a machine put back into the tuple of the sources' types (the row holds one value
/// per source, in order, each of its source's type).
private func tuple<each T>(from row: [Any], as _: (repeat each T).Type) -> (repeat each T) {
    var index = 0
    func next<U>(_: U.Type) -> U {
        defer { index += 1 }
        return row[index] as! U
    }
    return (repeat next((each T).self))
}

/// `transform` called with the values of a machine's row (one per source, in order).
private func apply<A, B, each T, Result>(
    _ transform: (A, B, repeat each T) -> Result,
    to row: [Any],
    as _: (repeat each T).Type
) -> Result {
    var index = 2
    func next<U>(_: U.Type) -> U {
        defer { index += 1 }
        return row[index] as! U
    }
    return transform(row[0] as! A, row[1] as! B, repeat next((each T).self))
}
