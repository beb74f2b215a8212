import Signals

extension Property where Value: Equatable {
    /// Sets the value only when it differs, so state outputs emit on change only.
    func update(to value: Value) {
        if self.value != value { self.value = value }
    }
}
