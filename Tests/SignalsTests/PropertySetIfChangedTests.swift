import Dispatch
import Signals
import Testing

/// `Property.setIfChanged(_:)`: an atomic compare-and-set that delivers only a different value
/// (The Signals contract, "Read-modify-write").
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct PropertySetIfChangedTests {
    @Test func aDifferentValueIsStoredDeliveredOnceAndReportedAsChanged() {
        let property = Property(1)
        var history: [Int] = []
        let token = property.bind { history.append($0) }
        #expect(property.setIfChanged(2))
        #expect(property.value == 2)
        #expect(history == [1, 2])
        withExtendedLifetime(token) {}
    }

    @Test func anEqualValueIsNeitherDeliveredNorReportedAsChanged() {
        let property = Property("same")
        var history: [String] = []
        let token = property.bind { history.append($0) }
        #expect(!property.setIfChanged("same"))
        #expect(property.setIfChanged("other"))
        #expect(!property.setIfChanged("other"))
        #expect(history == ["same", "other"])
        withExtendedLifetime(token) {}
    }

    @Test func twoThreadsTogglingBetweenTwoValuesDeliverOnlyAlternatingValues() {
        let property = Property(0)
        let history = LockedList<Int>()
        let changes = LockedList<Bool>()
        let token = property.bind { history.append($0) }
        guard runBounded("the 2 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for step in 0..<20_000 { changes.append(property.setIfChanged((step + thread) % 2)) }
            }
        }) != nil else { return }
        // No value is delivered twice in a row, and every reported change is one delivery.
        let delivered = history.elements
        #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0 != $1 })
        #expect(delivered.count == 1 + changes.elements.filter { $0 }.count)
        withExtendedLifetime(token) {}
    }
}
