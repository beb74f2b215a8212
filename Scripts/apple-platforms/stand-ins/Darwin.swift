// Stand-in for the parts of Apple's `Darwin` module the package uses, with the signatures Swift
// imports from Apple's SDK headers (os/lock.h, pthread.h, unistd.h). Type-checking only: the
// bodies never run. See Scripts/check-apple-platforms.sh.

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public struct os_unfair_lock_s { public init() {} }
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public typealias os_unfair_lock = os_unfair_lock_s
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>
// os/lock.h marks the three OS_SWIFT_UNAVAILABLE_FROM_ASYNC: Swift imports them `noasync`.
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
@available(*, noasync, message: "Use OSAllocatedUnfairLock.performWhileLocked() for async-safe scoped locking")
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { fatalError() }
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
@available(*, noasync, message: "Use OSAllocatedUnfairLock.performWhileLocked() for async-safe scoped locking")
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { fatalError() }
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
@available(*, noasync, message: "Use OSAllocatedUnfairLock.tryPerformWhileLocked() for async-safe scoped locking")
public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool { fatalError() }

public struct _opaque_pthread_t {}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>
public func pthread_self() -> pthread_t { fatalError() }
public func pthread_main_np() -> Int32 { fatalError() }

public struct pthread_mutex_t { public init() {} }
public struct pthread_mutexattr_t { public init() {} }
public func pthread_mutex_init(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!, _ attr: UnsafePointer<pthread_mutexattr_t>!) -> Int32 { fatalError() }
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { fatalError() }
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { fatalError() }
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { fatalError() }

public func write(_ fd: Int32, _ buf: UnsafeRawPointer!, _ nbyte: Int) -> Int { fatalError() }
public func getpid() -> Int32 { fatalError() }
public func getenv(_ name: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! { fatalError() }
public func exit(_ status: Int32) -> Never { fatalError() }
public func _exit(_ status: Int32) -> Never { fatalError() }
@discardableResult public func usleep(_ microseconds: UInt32) -> Int32 { fatalError() }
@discardableResult public func sched_yield() -> Int32 { fatalError() }
