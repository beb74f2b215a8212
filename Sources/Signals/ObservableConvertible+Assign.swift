extension ObservableConvertible {
    /// Writes every value to `object[keyPath: keyPath]`, holding `object` weakly (Combine's
    /// `assign(to:on:)` without its retain cycle).
    ///
    /// Once `object` is deallocated the binding is cancelled on the next value.
    ///
    /// ```swift
    /// output.title.assign(to: \.text, on: label).store(in: bag)
    /// ```
    @inlinable
    public func assign<Root: AnyObject>(
        to keyPath: ReferenceWritableKeyPath<Root, Value>,
        on object: Root,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Cancellable {
        bind(with: object, isolation: isolation, file: file, line: line) { object, value in
            object[keyPath: keyPath] = value
        }
    }

    /// Writes every value to an optional property of `object`, holding `object` weakly: the
    /// same as `map(Optional.some)`, then `assign(to:on:)`.
    @inlinable
    public func assign<Root: AnyObject>(
        to keyPath: ReferenceWritableKeyPath<Root, Value?>,
        on object: Root,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Cancellable {
        map(Optional.some).assign(to: keyPath, on: object, isolation: isolation, file: file, line: line)
    }

    /// Sets `property.value` to every value: feeds state from a stream.
    ///
    /// The binding holds `property` strongly; keep the token (for example in a bag) for as
    /// long as the feed should last.
    @inlinable
    public func bind(to property: Property<Value>) -> Cancellable {
        bind { property.value = $0 }
    }

    /// Sends every value into `subject`; the stream's finish is not forwarded (a subject you
    /// feed from several streams would otherwise end with the first of them).
    @inlinable
    public func bind(to subject: Subject<Value>) -> Cancellable {
        bind { subject.send($0) }
    }
}
