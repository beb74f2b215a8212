#if SIGNALS_OPENCOMBINE
import OpenCombine
import OpenCombineBridges
import Signals
import SignalsTesting
import Testing

/// `PublishedValue`: a stream's latest value as an `ObservableObject` (SwiftUI before iOS 17).
@MainActor
@Suite struct PublishedValueTests {
    @Test func objectWillChangeIsSentBeforeEachNewValue() {
        let names = Subject<String>()
        let holder = PublishedValue(names, initial: "")
        var log: [String] = []
        let cancellable = holder.objectWillChange.sink { log.append("will change from '\(holder.value)'") }
        names.send("ada")
        names.send("grace")
        log.append("now '\(holder.value)'")
        #expect(log == ["will change from ''", "will change from 'ada'", "now 'grace'"])
        cancellable.cancel()
    }

    @Test func aPropertyOutputShowsItsCurrentValueAtOnce() {
        let isLoading = Property(true)
        let holder = isLoading.published(initial: false)
        #expect(holder.value == true)
        isLoading.value = false
        #expect(holder.value == false)
    }

    @Test func theHolderKeepsItsLastValueAfterCancel() {
        let names = Subject<String>()
        let holder = PublishedValue(names, initial: "")
        names.send("ada")
        holder.cancel()
        names.send("grace")
        #expect(holder.value == "ada")
        #expect(names.bindingCount == 0)
    }

    @Test func releasingTheHolderEndsItsBinding() {
        let names = Subject<String>()
        weak var weakHolder: PublishedValue<String>?
        do {
            let holder = PublishedValue(names, initial: "")
            weakHolder = holder
            #expect(names.bindingCount == 1)
        }
        #expect(weakHolder == nil)
        names.send("ada")
        #expect(names.bindingCount == 0)
    }
}
#endif
