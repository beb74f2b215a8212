// Virtual time (`TestScheduler`), marble diagrams, `EmissionLog` and the virtual network live in
// SignalsVirtualTime, which imports no test framework so that executables (the Demo) can use
// them. Every `import SignalsTesting` keeps seeing them.
@_exported import SignalsVirtualTime
