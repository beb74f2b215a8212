import Signals
#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// Holds weak references to objects a test creates, to find the ones still alive afterwards.
///
/// Usually used through `expectNoLeaks`; on its own it never fails a
/// test, so you can check ``leakMessage`` yourself.
///
/// ```swift
/// let tracker = LeakTracker()
/// do {
///     let viewModel = tracker.track(LoginViewModel(scheduler: scheduler))
///     _ = viewModel.transform(input: .init())
/// }
/// #expect(tracker.leakMessage == nil)
/// ```
public final class LeakTracker: @unchecked Sendable {
    // Lock holder: `tracked` is guarded by `lock`.
    private struct Tracked {
        weak var object: AnyObject?
        let typeName: String
        let site: CallSite
    }

    private let lock = Locked()
    private var tracked: [Tracked] = []

    /// Creates a tracker that tracks nothing yet.
    public init() {}

    /// Tracks `object` weakly and returns it, so creation and tracking are one expression.
    @discardableResult
    public func track<Object: AnyObject>(
        _ object: Object,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Object {
        let entry = Tracked(
            object: object,
            typeName: String(describing: type(of: object)),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        lock.withLock { tracked.append(entry) }
        return object
    }

    /// The number of objects tracked so far.
    public var trackedCount: Int { lock.withLock { tracked.count } }

    /// The type names of tracked objects that are still alive, in tracking order.
    public var aliveTypeNames: [String] {
        lock.withLock { tracked.filter { $0.object != nil }.map(\.typeName) }
    }

    /// nil when every tracked object has been deallocated; otherwise a message naming each
    /// survivor's type and where it was tracked.
    public var leakMessage: String? {
        let alive = lock.withLock { tracked.filter { $0.object != nil } }
        guard !alive.isEmpty else { return nil }
        let lines = alive.map { "  \($0.typeName) (tracked at \($0.site.shortDescription))" }
        let subject = alive.count == 1 ? "1 tracked object is" : "\(alive.count) tracked objects are"
        return "\(subject) still alive (leaked by a retain cycle, or held from outside the checked scope):\n"
            + lines.joined(separator: "\n")
    }
}

/// Runs `body`, then fails, naming the types, if any object `body` tracked is still alive.
///
/// ```swift
/// expectNoLeaks { tracker in
///     let viewModel = tracker.track(LoginViewModel(scheduler: scheduler))
///     let output = viewModel.transform(input: LoginViewModel.Input())
///     tracker.track(viewModel.bag)
///     output.isLoading.bind { _ in }.store(in: viewModel.bag)
/// }
/// ```
///
/// Everything `body` creates must be released when it returns: keep no tracked object in a
/// variable outside it. Work still queued on a `TestScheduler` created outside `body` keeps
/// what it captured alive; run or drop that scheduler inside `body`. The check also runs when
/// `body` throws, and the error is rethrown. On Apple platforms `body` runs in an
/// `autoreleasepool`, so autoreleased objects are released before the check.
public func expectNoLeaks(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: (LeakTracker) throws -> Void
) rethrows {
    let tracker = LeakTracker()
    defer {
        if let message = tracker.leakMessage {
            recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
    #if canImport(ObjectiveC)
    // On Apple platforms objects `body` made may sit in the autorelease pool (Foundation and
    // XCTest autorelease) until the pool drains: drain it before looking for survivors.
    try autoreleasepool { try body(tracker) }
    #else
    try body(tracker)
    #endif
}

/// Runs the async `body`, then fails, naming the types, if any object it tracked is alive.
public func expectNoLeaks(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: (LeakTracker) async throws -> Void
) async rethrows {
    let tracker = LeakTracker()
    defer {
        if let message = tracker.leakMessage {
            recordTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
    try await body(tracker)
}
