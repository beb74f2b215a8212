#if canImport(SwiftUI)
import Signals

// The article's SwiftUI model is a file of a module that has the one-file recipe
// (SignalsNames.swift, the block above it): its typealiases, in the block's namespace, win over
// SwiftUI's (Combine's and Observation's) names as the module's own declarations would.
extension GettingStartedDocNamesRecipeClient {
    typealias Observable<Value> = Signals.Observable<Value>
    typealias Subject<Value> = Signals.Subject<Value>
    typealias Cancellable = Signals.Cancellable
    typealias AnyCancellable = Signals.AnyCancellable
    typealias Scheduler = Signals.Scheduler
    typealias ImmediateScheduler = Signals.ImmediateScheduler
}
#endif
