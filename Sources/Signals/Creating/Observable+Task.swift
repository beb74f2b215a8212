extension Observable {
    /// Runs `operation` once per binding and delivers its result, then finishes.
    ///
    /// The operation runs off the caller's actor; the result is delivered **on the actor
    /// that built the stream** (`isolation`, the caller's by default): built in a `@MainActor`
    /// view model, the handlers run on the main actor. Built from nonisolated code, the result
    /// is delivered on whichever thread finished the operation.
    ///
    /// Cancelling the binding cancels the `Task`; a cancelled operation delivers nothing
    /// (not even a `CancellationError`). An operation that ignores cancellation runs on until
    /// it returns, but the binding's handlers, and what they capture, are freed at once.
    ///
    /// ```swift
    /// let photos = Observable.task { try await repository.editorialPhotos(page: 1) }
    ///     // Observable<Result<Page<Photo>, any Error>>
    /// ```
    public static func task<T: Sendable>(
        isolation: (any Actor)? = #isolation,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async throws -> T
    ) -> Observable<Result<T, any Error>> where Value == Result<T, any Error> {
        runningTask(isolation: isolation, priority: priority) { work in
            do {
                return .success(try await work.run(operation))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs the non-throwing `operation` once per binding, delivers its value on the actor
    /// that built the stream (as the throwing `task`), then finishes.
    /// Cancelling the binding cancels the `Task`, and nothing is delivered.
    public static func task(
        isolation: (any Actor)? = #isolation,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async -> Value
    ) -> Observable<Value> where Value: Sendable {
        runningTask(isolation: isolation, priority: priority) { work in await work.run(operation) }
    }

    /// One `Task` per binding that produces the value under a `TaskWork` (which lets a test
    /// double await the delivery), delivers it on `isolation` and finishes; cancelling the
    /// binding cancels the task.
    static func runningTask(
        isolation: (any Actor)?,
        priority: TaskPriority?,
        _ produce: @escaping @Sendable (TaskWork) async -> Value
    ) -> Observable<Value> where Value: Sendable {
        .fromSerializer { serializer in
            let task = Task(priority: priority) {
                let work = TaskWork()
                defer { work.end() }
                let value = await produce(work)
                await deliverTaskResult(value, to: serializer, isolation: isolation)
            }
            return AnyCancellable { task.cancel() }
        }
    }
}

/// Delivers a task's result on `isolation` (a hop when it is an actor), unless cancelled.
func deliverTaskResult<Value: Sendable>(
    _ value: Value,
    to serializer: Serializer<Void, Value>,
    isolation: isolated (any Actor)?
) async {
    if Task.isCancelled { return }
    serializer.run { _ in .valueAndFinish(value) }
}
