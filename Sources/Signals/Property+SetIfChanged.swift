extension Property where Value: Equatable {
    /// Stores `newValue` and delivers it only if it differs from the current value; returns
    /// whether it did.
    ///
    /// The comparison and the write are one atomic step, like ``modify(_:)``: no other write
    /// comes between them, so two threads setting the same value deliver it once. Use it for
    /// state outputs that should emit on change only:
    ///
    /// ```swift
    /// let isLoading = Property(false)
    /// isLoading.setIfChanged(true)    // stored and delivered: true
    /// isLoading.setIfChanged(true)    // unchanged: nothing delivered, returns false
    /// ```
    ///
    /// `==` runs while the property holds its lock: it must not read, write or bind this
    /// property.
    ///
    /// Inlinable, so that a caller in another module runs it specialized for its `Value`:
    /// unspecialized, each call looks up the stream state's generic metadata.
    @inlinable @discardableResult
    public func setIfChanged(_ newValue: Value) -> Bool {
        update { value in
            guard value != newValue else { return false }
            value = newValue
            return true
        }
    }
}
