import Signals

/// The app's shared vocabulary: what every feature module names.
public enum AppError: Error, Equatable, Sendable {
    /// The request did not reach the server.
    case offline
    /// The server answered with something the app cannot read.
    case badResponse
}

/// A stream of `Result`s, as the app's data layer hands them out.
public typealias Loading<Value> = Observable<Result<Value, AppError>>

