/// The plain-closure floors: the same closures as the workloads, called directly from arrays
/// (opaque to the optimizer, as a library's stored closures are), with no stream machinery.
enum Floors {
    /// Hides a value from the optimizer so closures read from it are not inlined.
    @inline(never)
    static func opaque<T>(_ value: T) -> T { value }

    /// 1. map(+1) → filter(even) → sum.
    static func sendChain(_ sends: Int) -> UInt64 {
        let accumulator = Accumulator()
        let maps: [(Int) -> Int] = opaque([{ $0 + 1 }])
        let filters: [(Int) -> Bool] = opaque([{ $0 & 1 == 0 }])
        let sinks: [(Int) -> Void] = opaque([{ accumulator.total &+= $0 }])
        let start = now()
        for value in 0..<sends {
            let mapped = maps[0](value)
            if filters[0](mapped) { sinks[0](mapped) }
        }
        let elapsed = now() - start
        consume(accumulator.total)
        return elapsed
    }

    /// 2. `bindings` summing closures called for each value.
    static func fanOut(sends: Int, bindings: Int) -> UInt64 {
        let accumulator = Accumulator()
        let sinks: [(Int) -> Void] = opaque((0..<bindings).map { _ in { accumulator.total &+= $0 } })
        let start = now()
        for value in 0..<sends {
            for sink in sinks { sink(value) }
        }
        let elapsed = now() - start
        consume(accumulator.total)
        return elapsed
    }

    /// 5. Compare with the last value through `==`, sum the ones that differ.
    static func propertySet(_ sets: Int) -> UInt64 {
        let accumulator = Accumulator()
        let duplicates: [(Int, Int) -> Bool] = opaque([{ $0 == $1 }])
        let sinks: [(Int) -> Void] = opaque([{ accumulator.total &+= $0 }])
        var last = 0
        let start = now()
        for index in 1...sets {
            let value = propertyValue(index)
            if !duplicates[0](last, value) {
                last = value
                sinks[0](value)
            }
        }
        let elapsed = now() - start
        consume(accumulator.total)
        return elapsed
    }
}

/// The values workload 5 assigns: 1, 2, 2, 4, 5, 6, 6, 8, … (every fourth repeats the third,
/// so removeDuplicates passes three in four through).
@inline(__always)
func propertyValue(_ index: Int) -> Int {
    index & 3 == 3 ? index - 1 : index
}
