extension Observable {
    /// Runs `operation` once per binding and delivers its result, then finishes.
    ///
    /// Cancelling the binding cancels the `Task`; a cancelled operation delivers nothing
    /// (not even a `CancellationError`).
    ///
    /// ```swift
    /// let photos = Observable.task { try await repository.editorialPhotos(page: 1) }
    ///     // Observable<Result<Page<Photo>, any Error>>
    /// ```
    @inlinable
    public static func task<T: Sendable>(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async throws -> T
    ) -> Observable<Result<T, any Error>> where Value == Result<T, any Error> {
        .fromSerializer { serializer in
            let task = Task(priority: priority) {
                let work = TaskWork()   // lets a test double await the delivery
                defer { work.end() }
                let result: Result<T, any Error>
                do {
                    result = .success(try await work.run(operation))
                } catch {
                    result = .failure(error)
                }
                if Task.isCancelled { return }
                serializer.run { _ in .valueAndFinish(result) }
            }
            return AnyCancellable { task.cancel() }
        }
    }

    /// Runs the non-throwing `operation` once per binding, delivers its value, then finishes.
    /// Cancelling the binding cancels the `Task`, and nothing is delivered.
    @inlinable
    public static func task(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async -> Value
    ) -> Observable<Value> where Value: Sendable {
        .fromSerializer { serializer in
            let task = Task(priority: priority) {
                let work = TaskWork()   // lets a test double await the delivery
                defer { work.end() }
                let value = await work.run(operation)
                if Task.isCancelled { return }
                serializer.run { _ in .valueAndFinish(value) }
            }
            return AnyCancellable { task.cancel() }
        }
    }
}
