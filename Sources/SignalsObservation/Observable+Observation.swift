import Observation
import Signals

extension Signals.Observable {
    /// A stream of `object[keyPath: keyPath]`, an Observation-tracked property: its current
    /// value on bind, then its value after each change, on the main actor.
    ///
    /// ```swift
    /// @MainActor @Observable final class SearchModel { var query = "" }
    /// let queries = Observable.observing(model, \.query)   // Observable<String>
    ///     .debounce(for: .milliseconds(300), scheduler: .main)
    /// ```
    ///
    /// Bind on the main actor (binding elsewhere traps). Observation reports a change before it
    /// happens, so the new value is read in a main-actor task after it: several changes made
    /// in one main-actor turn arrive as one value, the latest (as SwiftUI renders them). Every
    /// change is reported, even to an equal value; add `removeDuplicates()` to skip repeats.
    /// `object` is held weakly: once it is gone, nothing more is delivered.
    ///
    /// Observation needs iOS 17 / macOS 14 / tvOS 17 / watchOS 10; see ``ObservedValue`` for
    /// the fallback on earlier systems.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    @MainActor
    public static func observing<Root: AnyObject & Observation.Observable>(
        _ object: Root,
        _ keyPath: KeyPath<Root, Value>
    ) -> Signals.Observable<Value> {
        .create { observer in
            MainActor.assumeIsolated {
                let tracking = KeyPathTracking(object: object, keyPath: keyPath, observer: observer)
                tracking.track()
                return AnyCancellable { Task { @MainActor in tracking.stop() } }
            }
        }
    }
}

/// One binding of `Observable.observing(_:_:)`: reads the key path under observation
/// tracking, delivers it, and tracks again after each change.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@MainActor
final class KeyPathTracking<Root: AnyObject, Value> {
    private weak var object: Root?
    private let keyPath: KeyPath<Root, Value>
    private let observer: Observer<Value>
    private var isStopped = false

    init(object: Root, keyPath: KeyPath<Root, Value>, observer: Observer<Value>) {
        self.object = object
        self.keyPath = keyPath
        self.observer = observer
    }

    /// Delivers the current value and asks to be told about the next change.
    func track() {
        guard !isStopped, let object else { return }
        let keyPath = keyPath
        let value = withObservationTracking {
            object[keyPath: keyPath]
        } onChange: { [weak self] in
            // Called before the change, on the changing thread: read after it, on main.
            Task { @MainActor in self?.track() }
        }
        observer.send(value)
    }

    /// Stops tracking (deliveries already stopped when the binding was cancelled).
    func stop() {
        isStopped = true
    }
}
