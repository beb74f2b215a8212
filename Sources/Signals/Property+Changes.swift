extension Property {
    /// The changes of the property from now on, without the current value (ReactiveSwift's
    /// `signal` next to `producer`): a binding gets only the values set after it was made.
    ///
    /// ```swift
    /// let count = Property(0)
    /// let token = count.changes.bind { print($0) }   // prints nothing yet
    /// count.value = 1                                 // prints 1
    /// ```
    public var changes: Observable<Value> {
        // Every binding of a property receives exactly one replay, first, before any change
        // (see <doc:TheContract#Bindings-made-during-a-delivery>): skipping it leaves the changes.
        asObservable().skip(1)
    }
}
