// Must NOT compile (Scripts/check-apple-platforms.sh, step 6b: `-verify`, each expected error
// named on its line, no other diagnostic). Apple's SDK marks these blocking calls `noasync`:
// each is an error directly in async code, though Linux's Dispatch lets the semaphore's and the
// group's waits through. The stand-ins must carry the attribute; Tests/ and the example's tests
// are type-checked against them, so a blocking wait in an async test fails the Apple check.
// (Benchmarks/ and Conformance/, which need OpenCombine, get Scripts/apple-platforms/noasync.py.)
import Foundation

func blockingCalls(semaphore: DispatchSemaphore, group: DispatchGroup, lock: NSLock, unfair: os_unfair_lock_t) async {
    semaphore.wait() // expected-error {{instance method 'wait' is unavailable from asynchronous contexts; Await a Task handle instead}}
    _ = semaphore.wait(timeout: .now() + 1) // expected-error {{instance method 'wait' is unavailable from asynchronous contexts}}
    _ = semaphore.wait(wallTimeout: .now()) // expected-error {{instance method 'wait' is unavailable from asynchronous contexts}}
    group.wait() // expected-error {{instance method 'wait' is unavailable from asynchronous contexts}}
    _ = group.wait(timeout: .now() + 1) // expected-error {{instance method 'wait' is unavailable from asynchronous contexts}}
    _ = group.wait(wallTimeout: .now()) // expected-error {{instance method 'wait' is unavailable from asynchronous contexts}}
    lock.lock() // expected-error {{instance method 'lock' is unavailable from asynchronous contexts}}
    lock.unlock() // expected-error {{instance method 'unlock' is unavailable from asynchronous contexts}}
    os_unfair_lock_lock(unfair) // expected-error {{global function 'os_unfair_lock_lock' is unavailable from asynchronous contexts}}
    _ = os_unfair_lock_trylock(unfair) // expected-error {{global function 'os_unfair_lock_trylock' is unavailable from asynchronous contexts}}
    os_unfair_lock_unlock(unfair) // expected-error {{global function 'os_unfair_lock_unlock' is unavailable from asynchronous contexts}}
    Thread.sleep(forTimeInterval: 0.1) // expected-error {{class method 'sleep' is unavailable from asynchronous contexts}}
    _ = Thread.current // expected-error {{class property 'current' is unavailable from asynchronous contexts}}
    _ = Thread.isMainThread // expected-error {{class property 'isMainThread' is unavailable from asynchronous contexts}}
}

// The same calls are fine in synchronous code, a GCD block inside async code included: that is
// how Tests/SignalsTests/MainSchedulerTests.swift holds the main queue.
func blockingCallsInSynchronousCode(semaphore: DispatchSemaphore) async {
    DispatchQueue.global().async {
        semaphore.wait()
    }
}
