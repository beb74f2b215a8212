// The one-file recipe (DocC "Getting Started", "Using Signals beside SwiftUI and Combine"): an
// app module declares Signals' six shared names once, here. Declarations of the module itself
// shadow every imported module's, so in all of this module's files `Observable`, `Subject`,
// `Cancellable`, `AnyCancellable`, `Scheduler` and `ImmediateScheduler` mean Signals' — beside
// `import SwiftUI`, `import Combine` and `import Observation`, with no per-file qualifier, and
// beside the `@Observable` macro, which names Observation's protocol fully qualified.
// Type-checked with SearchScreens.swift, as one module, by Scripts/check-apple-platforms.sh.
import Signals

typealias Observable<Value> = Signals.Observable<Value>
typealias Subject<Value> = Signals.Subject<Value>
typealias Cancellable = Signals.Cancellable
typealias AnyCancellable = Signals.AnyCancellable
typealias Scheduler = Signals.Scheduler
typealias ImmediateScheduler = Signals.ImmediateScheduler
