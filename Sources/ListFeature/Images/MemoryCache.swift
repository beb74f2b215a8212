/// A least-recently-used memory cache with a total cost limit and a sliding expiry, as pure
/// state: no locks and no clock (the caller passes `now`). ``ImageLoader`` keeps one behind its
/// lock.
///
/// Rules:
/// - An entry expires `expiry` after it was last inserted or read; reading it resets the clock.
/// - The total cost of the entries never exceeds `costLimit`: inserting evicts the least
///   recently used entries until the new one fits. A value costing more than the limit is not
///   stored.
/// - Every operation is O(1) amortized (plus the expired or evicted entries it removes): the
///   entries form a doubly linked list in access order, linked through the dictionary, and
///   because access times grow along that list the expired entries are always at its old end.
package struct MemoryCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var lastAccess: Duration
        var newer: Key?
        var older: Key?
    }

    /// The most total cost the cache holds.
    package let costLimit: Int
    /// How long an entry lives after it was last inserted or read.
    package let expiry: Duration
    /// The total cost of the entries held.
    package private(set) var totalCost = 0

    private var entries: [Key: Entry] = [:]
    private var newest: Key?
    private var oldest: Key?

    /// Creates an empty cache.
    package init(costLimit: Int, expiry: Duration) {
        precondition(costLimit >= 0, "costLimit must not be negative")
        precondition(expiry > .zero, "expiry must be positive")
        self.costLimit = costLimit
        self.expiry = expiry
    }

    /// The number of entries held (expired ones included until they are next swept).
    package var count: Int { entries.count }

    /// The keys, most recently used first.
    package var keysByRecency: [Key] {
        var keys: [Key] = []
        var cursor = newest
        while let key = cursor {
            keys.append(key)
            cursor = entries[key]?.older
        }
        return keys
    }

    /// The value for `key` if it is held and has not expired; reading it makes it the most
    /// recently used and resets its expiry.
    package mutating func value(for key: Key, now: Duration) -> Value? {
        removeExpired(now: now)
        guard var entry = entries[key] else { return nil }
        entry.lastAccess = now
        entries[key] = entry
        moveToNewest(key)
        return entries[key]?.value
    }

    /// Stores `value` for `key` with `cost` (replacing any entry), evicting the least recently
    /// used entries until the total fits `costLimit`. A value costing more than the limit is
    /// not stored (and any old entry for `key` is removed).
    package mutating func insert(_ value: Value, for key: Key, cost: Int, now: Duration) {
        removeExpired(now: now)
        removeValue(for: key)
        let cost = max(0, cost)
        guard cost <= costLimit else { return }
        while totalCost + cost > costLimit, let victim = oldest {
            removeValue(for: victim)
        }
        entries[key] = Entry(value: value, cost: cost, lastAccess: now, newer: nil, older: newest)
        if let previous = newest { entries[previous]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        totalCost += cost
    }

    /// Removes the entry for `key`, if any.
    package mutating func removeValue(for key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        unlink(entry, key: key)
        totalCost -= entry.cost
    }

    /// Removes every entry.
    package mutating func removeAll() {
        entries.removeAll()
        newest = nil
        oldest = nil
        totalCost = 0
    }

    /// Removes the entries that have expired at `now` (they are all at the old end).
    package mutating func removeExpired(now: Duration) {
        while let key = oldest, let entry = entries[key], now - entry.lastAccess >= expiry {
            removeValue(for: key)
        }
    }

    private mutating func moveToNewest(_ key: Key) {
        guard newest != key, let entry = entries[key] else { return }
        unlink(entry, key: key)
        entries[key]?.newer = nil
        entries[key]?.older = newest
        if let previous = newest { entries[previous]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    private mutating func unlink(_ entry: Entry, key: Key) {
        if let newer = entry.newer { entries[newer]?.older = entry.older } else if newest == key { newest = entry.older }
        if let older = entry.older { entries[older]?.newer = entry.newer } else if oldest == key { oldest = entry.newer }
    }
}
