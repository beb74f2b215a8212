/// The decisions of `zip`: pair the oldest unpaired value of each side.
struct ZipStateMachine<A, B>: TwoSourceStateMachine {
    var bufferA = FIFOQueue<A>()
    var bufferB = FIFOQueue<B>()
    var isAFinished = false
    var isBFinished = false

    init() {}

    /// No pair can ever be made again: a finished side has nothing buffered.
    var isExhausted: Bool {
        (isAFinished && bufferA.isEmpty) || (isBFinished && bufferB.isEmpty)
    }

    mutating func pairIfPossible() -> Emission<(A, B)> {
        guard !bufferA.isEmpty, !bufferB.isEmpty else { return isExhausted ? .finish : .none }
        let pair = (bufferA.popFirst()!, bufferB.popFirst()!)
        return isExhausted ? .valueAndFinish(pair) : .value(pair)
    }

    mutating func receivedA(_ a: A) -> Emission<(A, B)> {
        bufferA.append(a)
        return pairIfPossible()
    }

    mutating func receivedB(_ b: B) -> Emission<(A, B)> {
        bufferB.append(b)
        return pairIfPossible()
    }

    mutating func finishedA() -> Emission<(A, B)> {
        isAFinished = true
        return isExhausted ? .finish : .none
    }

    mutating func finishedB() -> Emission<(A, B)> {
        isBFinished = true
        return isExhausted ? .finish : .none
    }
}

extension ObservableConvertible {
    /// Pairs the n-th value of this stream with the n-th value of `other`. Finishes as soon as
    /// no further pair is possible (a finished side has no unpaired value), as Combine.
    public func zip<Other>(_ other: some ObservableConvertible<Other>) -> Observable<(Value, Other)> {
        .combining(asObservable(), other.asObservable()) { ZipStateMachine<Value, Other>() }
    }
}
