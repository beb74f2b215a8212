import Signals

/// One helper per owner object, alive as long as the owner: a search bar's delegate proxy, a
/// bar button item's tap subject. The table holds owners weakly and helpers strongly; a helper
/// whose owner is gone is released at the table's next use.
///
/// Keyed by object identity: an entry is reused only while its owner is the same live object
/// (a new object at a freed one's address gets a new helper).
package final class OwnerTable<Owner: AnyObject, Helper>: Sendable {
    private struct Entry {
        weak var owner: Owner?
        let helper: Helper
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// An empty table.
    package init() {}

    /// The helper of `owner`, made by `make` (outside the lock) on first use.
    package func helper(for owner: Owner, make: () -> Helper) -> Helper {
        let key = ObjectIdentifier(owner)
        if let found = entries.withLock({ table -> Helper? in
            table = table.filter { $0.value.owner != nil }
            return table[key].flatMap { $0.owner === owner ? $0.helper : nil }
        }) {
            return found
        }
        let made = make()
        return entries.withLock { table in
            if let raced = table[key], raced.owner === owner { return raced.helper }
            table[key] = Entry(owner: owner, helper: made)
            return made
        }
    }

    /// The helpers whose owners are alive (for tests), sweeping the others.
    package var count: Int {
        entries.withLock { table in
            table = table.filter { $0.value.owner != nil }
            return table.count
        }
    }
}
