extension Property {
    /// Runs `decide` on the value under the property's lock; the new value is stored and
    /// delivered only if `decide` returns true (otherwise nothing changes and nothing is
    /// delivered). Returns what `decide` returned. Like `modify`, `decide` must not call user
    /// code or touch this property.
    @inlinable
    package func update(_ decide: (inout Value) -> Bool) -> Bool {
        core.update(decide)
    }
}
