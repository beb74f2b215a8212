/// The plain-closure floors: the same closures as the workloads, called directly from arrays
/// (opaque to the optimizer, as a library's stored closures are), with no stream machinery.
/// Closures are called borrowed, from locals or an array's buffer, so the floor does not pay a
/// retain and release of each closure context per call (~28 ns here), which a library need
/// not pay either.
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
        let (map, filter, sink) = (maps[0], filters[0], sinks[0])
        let start = now()
        for value in 0..<sends {
            let mapped = map(value)
            if filter(mapped) { sink(mapped) }
        }
        let elapsed = now() - start
        consume(accumulator.total)
        return elapsed
    }

    /// Holds one closure, so an array of them can be walked without copying (retaining) each.
    final class Handler {
        let call: (Int) -> Void
        init(_ call: @escaping (Int) -> Void) { self.call = call }
    }

    /// 2. `bindings` summing closures called for each value. Loading a closure out of an
    /// array retains its context for the call, so the closures sit in `Handler` boxes and are
    /// called through borrowed references.
    static func fanOut(sends: Int, bindings: Int) -> UInt64 {
        let accumulator = Accumulator()
        let handlers: [Handler] = opaque((0..<bindings).map { _ in Handler { accumulator.total &+= $0 } })
        let start = now()
        handlers.withUnsafeBufferPointer { buffer in
            for value in 0..<sends {
                for index in buffer.indices {
                    Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { $0.call(value) }
                }
            }
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
        let (isDuplicate, sink) = (duplicates[0], sinks[0])
        var last = 0
        let start = now()
        for index in 1...sets {
            let value = propertyValue(index)
            if !isDuplicate(last, value) {
                last = value
                sink(value)
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
