/// The decisions of `zip`: pair the oldest unpaired value of each side.
@usableFromInline
struct ZipStateMachine<A, B>: TwoSourceStateMachine {
    @usableFromInline var bufferA = FIFOQueue<A>()
    @usableFromInline var bufferB = FIFOQueue<B>()
    @usableFromInline var isAFinished = false
    @usableFromInline var isBFinished = false

    @inlinable init() {}

    /// No pair can ever be made again: a finished side has nothing buffered.
    @inlinable
    var isExhausted: Bool {
        (isAFinished && bufferA.isEmpty) || (isBFinished && bufferB.isEmpty)
    }

    @inlinable
    mutating func pairIfPossible() -> Emission<(A, B)> {
        guard !bufferA.isEmpty, !bufferB.isEmpty else { return isExhausted ? .finish : .none }
        let pair = (bufferA.popFirst()!, bufferB.popFirst()!)
        return isExhausted ? .valueAndFinish(pair) : .value(pair)
    }

    @inlinable
    mutating func receivedA(_ a: A) -> Emission<(A, B)> {
        bufferA.append(a)
        return pairIfPossible()
    }

    @inlinable
    mutating func receivedB(_ b: B) -> Emission<(A, B)> {
        bufferB.append(b)
        return pairIfPossible()
    }

    @inlinable
    mutating func finishedA() -> Emission<(A, B)> {
        isAFinished = true
        return isExhausted ? .finish : .none
    }

    @inlinable
    mutating func finishedB() -> Emission<(A, B)> {
        isBFinished = true
        return isExhausted ? .finish : .none
    }
}

extension ObservableConvertible {
    /// Pairs the n-th value of this stream with the n-th value of `other`. Finishes as soon as
    /// no further pair is possible (a finished side has no unpaired value), as Combine.
    @inlinable
    public func zip<Other>(_ other: some ObservableConvertible<Other>) -> Observable<(Value, Other)> {
        .combining(asObservable(), other.asObservable()) { ZipStateMachine<Value, Other>() }
    }
}
