import Dispatch
import Signals
import SignalsTesting
import SignalsUIKit
import Testing

/// A label-like test double: its writes, and whether each came on the main queue.
private final class FakeLabel: SignalsCompatible {
    var text: String? {
        didSet { writes.append(text) }
    }
    var alpha = 1.0
    var writes: [String?] = []
    var offMainWrites = 0
    func noteWrite() { if !MainScheduler.isOnMainQueue { offMainWrites += 1 } }
}

/// A text-field-like double with marked text.
private final class FakeTextField: SignalsCompatible {
    var text: String? = ""
    var isComposing = false
    var writes: [String?] = []
    let editingEnded = Subject<Void>()

    var binder: Binder<String?> {
        .text(on: self, editingEnded: editingEnded.asObservable(), read: { $0.text }, isComposing: { $0.isComposing }) { field, text in
            field.text = text
            field.writes.append(text)
        }
    }
}

extension SignalsExtension where Base == FakeLabel {
    var text: Binder<String?> {
        Binder(base) { label, text in
            label.noteWrite()
            label.text = text
        }
    }
}

/// Waits until the main queue has run everything sent to it before this call.
private func mainQueueTurn() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { done.resume() }
    }
}

@Suite(.timeLimit(.minutes(1))) struct BinderTests {
    @MainActor @Test func onMainAValueIsWrittenAtOnce() {
        let label = FakeLabel()
        let title = Subject<String>()
        let token = title.bind(to: label.signals.text)
        title.send("one")
        #expect(label.writes == ["one"])
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func offMainValuesAreWrittenOnTheMainQueueInOrder() async {
        let label = FakeLabel()
        let title = Subject<String>()
        let token = title.bind(to: label.signals.text)
        await Task.detached {
            for index in 0..<100 { title.send("\(index)") }
        }.value
        await mainQueueTurn()
        #expect(label.writes == (0..<100).map { "\($0)" })
        #expect(label.offMainWrites == 0)
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func aValueSentOnMainWaitsBehindValuesWaitingForTheMainQueue() async {
        let label = FakeLabel()
        let title = Subject<String>()
        let token = title.bind(to: label.signals.text)
        // Main is held while another thread sends, so that value still waits for the main
        // queue when main sends its own: written inline, "main" would come first.
        let sentInTime = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.main.async {
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    title.send("background")
                    sent.signal()
                }
                let inTime = sent.wait(timeout: .now() + 30) == .success
                title.send("main")
                DispatchQueue.main.async { done.resume(returning: inTime) }   // after the hop's turn
            }
        }
        #expect(sentInTime)
        #expect(label.writes == ["background", "main"])
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func aKeyPathBinderWritesTheProperty() {
        let label = FakeLabel()
        let alpha = Subject<Double>()
        let token = alpha.bind(to: label.signals[\.alpha])
        alpha.send(0.5)
        #expect(label.alpha == 0.5)
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func theBindingEndsWhenTheTargetIsGoneAndDoesNotKeepIt() {
        let title = Subject<String>()
        weak var released: FakeLabel?
        var token: Cancellable?
        do {
            let label = FakeLabel()
            released = label
            token = title.bind(to: label.signals.text)
            title.send("one")
        }
        #expect(released == nil)
        #expect(title.bindingCount == 1)
        title.send("two")   // the next value finds the target gone and ends the binding
        #expect(title.bindingCount == 0)
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func releasingTheTokenEndsTheBindingAndReleasesItsParts() {
        let label = FakeLabel()
        let title = Subject<String>()
        weak var releasedToken: AnyObject?
        do {
            let token = title.bind(to: label.signals.text)
            releasedToken = token
        }
        #expect(releasedToken == nil)
        #expect(title.bindingCount == 0)
        title.send("late")
        #expect(label.writes == [])
    }

    @MainActor @Test func valuesWaitingForTheMainQueueAreDroppedWhenTheBindingIsCancelled() async {
        let label = FakeLabel()
        let title = Subject<String>()
        let token = title.bind(to: label.signals.text)
        // Main is held while another thread sends and cancels, so the hop's turn comes after
        // the cancel. The wait is bounded and in a synchronous main-queue block, not in this
        // async test (Apple's Dispatch marks a semaphore's wait `noasync`).
        let heldUntilCancelled = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.main.async {
                let cancelled = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    title.send("waiting")
                    token.cancel()
                    cancelled.signal()
                }
                let inTime = cancelled.wait(timeout: .now() + 30) == .success
                DispatchQueue.main.async { done.resume(returning: inTime) }   // after the hop's turn
            }
        }
        #expect(heldUntilCancelled)
        #expect(label.writes == [])
    }

    @MainActor @Test func aBagEndsItsBindingsWhenItGoes() {
        let label = FakeLabel()
        let title = Subject<String>()
        var bag: CancellableBag? = CancellableBag()
        title.bind(to: label.signals.text).store(in: bag!)
        bag = nil
        title.send("late")
        #expect(title.bindingCount == 0)
        #expect(label.writes == [])
    }

    @MainActor @Test func anOptionalBinderTakesPlainValues() {
        let label = FakeLabel()
        let title = Property("first")
        let token = title.bind(to: label.signals.text)
        title.value = "second"
        #expect(label.writes == ["first", "second"])
        withExtendedLifetime(token) {}
    }
}

@Suite(.timeLimit(.minutes(1))) struct TextBinderTests {
    @MainActor @Test func equalTextIsNotWritten() {
        let field = FakeTextField()
        let query = Subject<String?>()
        let token = query.bind(to: field.binder)
        query.send("cat")
        query.send("cat")
        query.send(nil)
        query.send("")
        #expect(field.writes == ["cat", nil])
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func markedTextIsNeverReplacedAndTheHeldValueIsWrittenWhenEditingEnds() {
        let field = FakeTextField()
        let query = Subject<String?>()
        let token = query.bind(to: field.binder)
        field.text = "かん"
        field.isComposing = true
        query.send("")
        #expect(field.writes == [])
        #expect(field.text == "かん")
        field.text = "漢"
        field.isComposing = false
        field.editingEnded.fire()
        #expect(field.writes == [""])
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func aHeldValueOvertakenByTheUsersTextIsDropped() {
        let field = FakeTextField()
        let query = Subject<String?>()
        let token = query.bind(to: field.binder)
        field.text = "かん"
        field.isComposing = true
        query.send("か")        // a stale echo
        query.send("かん")      // the view model caught up
        field.isComposing = false
        field.editingEnded.fire()
        #expect(field.writes == [])
        withExtendedLifetime(token) {}
    }

    @MainActor @Test func theTextBindingKeepsNeitherTheFieldNorItsEditingEvents() {
        let query = Subject<String?>()
        weak var released: FakeTextField?
        weak var editingEnded: Subject<Void>?
        var token: Cancellable?
        do {
            let field = FakeTextField()
            released = field
            editingEnded = field.editingEnded
            token = query.bind(to: field.binder)
        }
        #expect(released == nil)
        query.send("x")
        #expect(query.bindingCount == 0)
        token?.cancel()
        token = nil
        #expect(editingEnded == nil)
    }
}
