import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct PropertyTests {
    @Test func replaysItsCurrentValueOnBind() {
        let property = Property(1)
        property.value = 2
        let recorder = Recorder(property.asObservable())
        property.value = 3
        #expect(recorder.events == [.value(2), .value(3)])
        #expect(property.value == 3)
    }

    @Test func everyBindingGetsTheCurrentValueFirst() {
        let property = Property("a")
        let first = Recorder(property.asObservable())
        property.value = "b"
        let second = Recorder(property.asObservable())
        property.value = "c"
        #expect(first.values == ["a", "b", "c"])
        #expect(second.values == ["b", "c"])
    }

    @Test func equalAssignmentsAreDeliveredUnlessRemoveDuplicatesIsUsed() {
        let property = Property(1)
        let all = Recorder(property.asObservable())
        let distinct = Recorder(property.removeDuplicates())
        property.value = 1
        property.value = 2
        property.value = 2
        #expect(all.values == [1, 1, 2, 2])
        #expect(distinct.values == [1, 2])
    }

    @Test func bindingDuringDeliveryGetsTheCurrentValueAfterTheDeliveryInOrder() {
        let property = Property(0)
        var late: [Int] = []
        var lateToken: (any Cancellable)?
        let token = property.bind { value in
            if value == 1 && lateToken == nil {
                lateToken = property.bind { late.append($0) }
                property.value = 2
            }
        }
        property.value = 1
        #expect(late == [1, 2])
        #expect(property.value == 2)
        token.cancel()
        lateToken?.cancel()
    }

    @Test func optionalValuesReplayNil() {
        let property = Property<Int?>(nil)
        let recorder = Recorder(property.asObservable())
        property.value = 5
        property.value = nil
        #expect(recorder.values == [nil, 5, nil])
    }
}
