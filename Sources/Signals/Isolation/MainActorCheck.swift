#if DEBUG
import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#endif

/// The debug-build check behind every `bind`: a handler bound from main-actor code is called
/// on the main actor, or the program traps after naming the binding's file and line.
///
/// `bind` captures the caller's isolation with `#isolation`. When that is the main actor and
/// the build has `DEBUG` set, the handler is wrapped in a check that asks, on each call,
/// whether the main dispatch queue (the main actor's executor) is running it. Off the main
/// actor it prints where the binding was made to standard error (on Linux the trap itself
/// loses any message) and traps with `MainActor.preconditionIsolated`. Release builds return
/// the handler unchanged: the check costs nothing there.
@inlinable
func mainActorChecked<Value>(
    _ handler: @escaping (Value) -> Void,
    isolation: (any Actor)?,
    file: StaticString,
    line: UInt
) -> (Value) -> Void {
    #if DEBUG
    guard let isolation, isolation === MainActor.shared else { return handler }
    return { value in
        if !isRunningOnMainActor() { reportCallOffMainActor(file: file, line: line) }
        handler(value)
    }
    #else
    return handler
    #endif
}

/// `mainActorChecked` for a handler without a value (a finish).
@inlinable
func mainActorChecked(
    _ handler: @escaping () -> Void,
    isolation: (any Actor)?,
    file: StaticString,
    line: UInt
) -> () -> Void {
    #if DEBUG
    guard let isolation, isolation === MainActor.shared else { return handler }
    return {
        if !isRunningOnMainActor() { reportCallOffMainActor(file: file, line: line) }
        handler()
    }
    #else
    return handler
    #endif
}

#if DEBUG
/// Whether the current code runs on the main dispatch queue, which is the main actor's
/// executor (on Linux the main queue may be drained by a worker thread, so the thread is
/// no clue: `Thread.isMainThread` is false in `@MainActor` code there).
///
/// On Apple platforms the main actor also runs on the main thread outside the main queue: a
/// block that `someQueue.sync` runs on the main thread, called from main-actor code, is still
/// on the main actor (Swift's own check says so there), though the main queue is not the
/// current queue. The main thread counts, so that no message is printed for it.
@usableFromInline
func isRunningOnMainActor() -> Bool { MainQueueMarker.shared.isCurrent }

/// Names the binding and traps: a main-actor handler was called off the main actor.
@usableFromInline
func reportCallOffMainActor(file: StaticString, line: UInt) {
    let message = offMainActorReport(file: file, line: line, tool: OffMainActorHop.tool)
    // Unbuffered: the trap that follows must not lose it.
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    MainActor.preconditionIsolated(
        "Signals: handler bound at \(file):\(line) called off the main actor",
        file: file,
        line: line
    )
}

/// What the check prints before trapping: the binding, and what moved the value off the main
/// actor — the test tool named by `tool` when one was delivering, else the usual causes — with
/// how to fix it. A tool's hop is not the handler's fault, so the report says so.
package func offMainActorReport(file: StaticString, line: UInt, tool: String?) -> String {
    let binding = "Signals: a handler bound on the main actor at \(file):\(line) was called off the main actor"
    if let tool {
        return binding + ", by a hop in a test tool, not by the code that bound it: "
            + tool + ".\n"
    }
    return binding + ": a value reached it from another thread or actor. Deliver on main with "
        + "`receive(on: .main)`, build the source on the main actor (`Observable.task`, the "
        + "AsyncSequence bridge), and advance a `TestScheduler` from the main actor.\n"
}
#endif

/// Names the test tool running deliveries off the main actor (with what to do about it), so
/// that the debug main-actor check blames that tool's hop instead of the user's handler.
package enum OffMainActorHop {
    /// The tool delivering on this task or thread, if one said so.
    @TaskLocal package static var tool: String?
}

/// Runs `body`, naming `tool` as the cause should a main-actor handler be called off the main
/// actor during it. Names it only in a debug build and only when called off the main actor;
/// an outer tool already named (a `ScriptedFunction` advancing its `TestScheduler`) wins.
package func deliveringOffMainActor<Result>(
    by tool: @autoclosure () -> String,
    _ body: () throws -> Result
) rethrows -> Result {
    #if DEBUG
    if OffMainActorHop.tool == nil, !isRunningOnMainActor() {
        return try OffMainActorHop.$tool.withValue(tool(), operation: body)
    }
    #endif
    return try body()
}
