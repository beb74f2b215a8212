#if SIGNALS_OPENCOMBINE
import OpenCombine
import OpenCombineBridges
import Signals
import SignalsTesting
import Testing

/// `PublishedProperty`: a `Property` that SwiftUI both reads and writes, as an `ObservableObject`
/// (SwiftUI before iOS 17).
@MainActor
@Suite struct PublishedPropertyTests {
    @Test func itsValueIsThePropertysValue() {
        let name = Property("ada")
        let holder = PublishedProperty(name)
        #expect(holder.value == "ada")
        name.value = "grace"
        #expect(holder.value == "grace")
        #expect(holder.property === name)
    }

    @Test func aWriteThroughTheHolderAnnouncesItOnceBeforeTheChangeAndReachesThePropertysBindings() {
        let name = Property("")
        let seen = Recorder(name)                        // the view model's pipeline
        let holder = name.published()
        var log: [String] = []
        let cancellable = holder.objectWillChange.sink { log.append("will change from '\(holder.value)'") }
        holder.value = "ada"
        log.append("now '\(holder.value)'")
        #expect(log == ["will change from ''", "now 'ada'"])
        #expect(seen.values == ["", "ada"])
        cancellable.cancel()
    }

    @Test func aChangeTheViewModelMakesIsAnnouncedAsItIsDelivered() {
        let typed = Subject<String>()                    // an input of the view model
        let name = Property("")
        let feed = typed.map { $0.capitalized }.bind(to: name)
        let holder = PublishedProperty(name)
        var log: [String] = []
        let cancellable = holder.objectWillChange.sink { log.append("changed to '\(holder.value)'") }
        typed.send("ada")
        typed.send("ada")                                // every assignment, an equal one too
        #expect(log == ["changed to 'Ada'", "changed to 'Ada'"])
        cancellable.cancel()
        withExtendedLifetime(feed) {}
    }

    @Test func aCancelledHolderStillReadsAndWritesButAnnouncesNoMore() {
        let name = Property("")
        let holder = PublishedProperty(name)
        holder.cancel()
        var announcements = 0
        let cancellable = holder.objectWillChange.sink { announcements += 1 }
        name.value = "ada"
        #expect(announcements == 0)
        #expect(holder.value == "ada")
        #expect(name.bindingCount == 0)
        cancellable.cancel()
    }

    @Test func releasingTheHolderEndsItsBindingAndThePropertyLivesOn() {
        let name = Property("")
        weak var weakHolder: PublishedProperty<String>?
        do {
            let holder = PublishedProperty(name)
            weakHolder = holder
            #expect(name.bindingCount == 1)
        }
        #expect(weakHolder == nil)
        #expect(name.bindingCount == 0)
    }
}
#endif
