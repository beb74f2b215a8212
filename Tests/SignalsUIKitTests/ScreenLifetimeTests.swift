import Signals
import SignalsTesting
import SignalsUIKit
import Testing

/// A view-controller-like double: owns a bag, binds a view model's outputs to itself and to its
/// views, and sends its views' events into the view model's inputs.
private final class FakeScreen: SignalsCompatible {
    let bag = CancellableBag()
    let title = FakeView()
    var errors: [String] = []

    init(outputs: Subject<String>, errors: Subject<String>, taps: Subject<Void>, tapped: Subject<Void>) {
        outputs.bind(to: title.signals[\.text]).store(in: bag)
        errors.bind(to: Binder(self) { screen, message in screen.errors.append(message) }).store(in: bag)
        taps.bind(to: tapped).store(in: bag)
    }
}

private final class FakeView: SignalsCompatible {
    var text: String?
}

@Suite(.timeLimit(.minutes(1))) struct ScreenLifetimeTests {
    @MainActor @Test func everythingBoundFromAScreenEndsWhenTheScreenGoesWithNoRetainCycle() {
        let outputs = Subject<String>(), errors = Subject<String>(), taps = Subject<Void>(), tapped = Subject<Void>()
        weak var releasedScreen: FakeScreen?
        weak var releasedView: FakeView?
        do {
            let screen = FakeScreen(outputs: outputs, errors: errors, taps: taps, tapped: tapped)
            releasedScreen = screen
            releasedView = screen.title
            outputs.send("one")
            errors.send("failed")
            #expect(screen.title.text == "one")
            #expect(screen.errors == ["failed"])
        }
        #expect(releasedScreen == nil)
        #expect(releasedView == nil)
        #expect(outputs.bindingCount == 0)
        #expect(errors.bindingCount == 0)
        #expect(taps.bindingCount == 0)
    }

    @MainActor @Test func aControlPropertyIsTheUsersChangesAndABinderForTheAppsWrites() {
        let field = FakeView()
        let edits = Subject<String>()
        let property = ControlProperty(changes: edits.asObservable(), binder: field.signals[\.text].contramap(Optional.some))
        let recorder = Recorder(property.asObservable())
        let query = Subject<String>()
        let token = query.bind(to: property)
        edits.send("typed")
        query.send("written")
        #expect(recorder.values == ["typed"])
        #expect(field.text == "written")
        withExtendedLifetime(token) {}
    }
}
