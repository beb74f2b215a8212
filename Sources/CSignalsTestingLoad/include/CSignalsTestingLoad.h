// A load-time hook for SignalsTesting: registers its XCTest observer before any test starts.
//
// XCTest tells observers which test case starts only if they are registered before it starts,
// and Apple's XCTest accepts observers on the main thread only. A constructor function runs
// when the test bundle is loaded (on the main thread, before XCTest starts any test) on every
// platform and with every supported compiler (Swift's `@section` needs Swift 6.3), so that is
// where the observer is registered. The constructor calls `signals_testing_register_observer`,
// which SignalsTesting implements in Swift.
#ifndef C_SIGNALS_TESTING_LOAD_H
#define C_SIGNALS_TESTING_LOAD_H

/// Returns 1. SignalsTesting calls it, so that a linker keeps this object file, and with it
/// the constructor, when it links SignalsTesting from a static archive.
int signals_testing_load_hook_linked(void);

#endif
