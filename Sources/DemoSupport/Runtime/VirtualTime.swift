// The Demo runs its view models on virtual time (`VirtualTimeDriver`, `VirtualNetwork`,
// `TestScheduler`), which lives in SignalsVirtualTime: a module with no test-framework import,
// so the Demo executable links neither XCTest nor Testing. DemoSupport's API uses those types,
// so its clients see them too.
@_exported import SignalsVirtualTime
