/// A value as a stream emitted it, kept so that tests can compare `Equatable` values as values
/// rather than by their text.
///
/// Optionals are looked through: `Optional("cat")` equals `"cat"`, and `nil` equals any
/// optional's `nil`.
package struct RecordedValue: @unchecked Sendable {
    // Unchecked: the value is only read by assertions, after it was emitted; a test that
    // mutates an emitted reference from another thread while asserting is already racing.
    package let base: Any

    package init(_ base: Any) {
        self.base = base
    }

    /// Whether `other` equals this value; nil when the two cannot be compared as values (this
    /// value is not `Equatable`, or `other` is of another type).
    package func isEqual(to other: Any) -> Bool? {
        let mine = RecordedValue.unwrapped(base)
        let theirs = RecordedValue.unwrapped(other)
        switch (mine, theirs) {
        case (nil, nil):
            return true
        case (nil, _?), (_?, nil):
            // One is `nil`: comparable only when the other side is optional-typed or also nil.
            return RecordedValue.isOptional(base) || RecordedValue.isOptional(other) ? false : nil
        case (let mine?, let theirs?):
            guard let equatable = mine as? any Equatable else { return nil }
            return equatable.isEqual(toAny: theirs)
        }
    }

    /// The value inside any number of optional layers, or nil for `nil`.
    private static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalProtocol else { return value }
        return optional.wrappedAny.flatMap(unwrapped)
    }

    private static func isOptional(_ value: Any) -> Bool {
        value is any OptionalProtocol
    }
}

/// Lets `RecordedValue` look inside an optional stored as `Any`.
private protocol OptionalProtocol {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrappedAny: Any? { map { $0 as Any } }
}

extension Equatable {
    /// `self == other` when `other` has this type; nil otherwise.
    fileprivate func isEqual(toAny other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
