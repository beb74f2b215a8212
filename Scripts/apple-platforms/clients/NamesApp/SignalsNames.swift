// The one-file recipe (DocC "Getting Started", "Using Signals beside SwiftUI and Combine"): an
// app module declares Signals' six shared names once, here. Declarations of the module itself
// shadow every imported module's, so in all of this module's files `Observable`, `Subject`,
// `Cancellable`, `AnyCancellable`, `Scheduler` and `ImmediateScheduler` mean Signals' — beside
// `import SwiftUI`, `import Combine` and `import Observation`, with no per-file qualifier, and
// beside the `@Observable` macro, which names Observation's protocol fully qualified.
// The aliases are public so that public declarations can use them (PublicFeed.swift): with
// internal aliases each would fail, "property cannot be declared public because its type uses
// an internal type". Type-checked with SearchScreens.swift and PublicFeed.swift, as one module,
// by Scripts/check-apple-platforms.sh.
import Signals

public typealias Observable<Value> = Signals.Observable<Value>
public typealias Subject<Value> = Signals.Subject<Value>
public typealias Cancellable = Signals.Cancellable
public typealias AnyCancellable = Signals.AnyCancellable
public typealias Scheduler = Signals.Scheduler
public typealias ImmediateScheduler = Signals.ImmediateScheduler
