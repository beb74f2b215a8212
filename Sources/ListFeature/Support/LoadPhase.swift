import SignalsPhotoDomain
import Signals

/// Where one request stands, for a view model that switches requests with `flatMapLatest` and
/// shows a loading flag: the detail pager's info, a cell's image.
enum LoadPhase<Success> {
    /// No request in flight: it ended, or was replaced or cancelled.
    case idle
    case loading
    case loaded(Result<Success, UseCaseError>)

    var isLoading: Bool { if case .loading = self { true } else { false } }
    var result: Result<Success, UseCaseError>? { if case .loaded(let result) = self { result } else { nil } }
}

extension Observable {
    /// A request's phases, its result received on `scheduler`: `idle` (no longer loading the
    /// request this one replaced), `loading`, the result, then `idle` when it ends.
    func loadPhases<Success>(receivingOn scheduler: any Scheduler) -> Observable<LoadPhase<Success>>
    where Value == Result<Success, UseCaseError> {
        receive(on: scheduler)
            .map(LoadPhase.loaded)
            .prepend(.idle, .loading)
            .append(.idle)
    }
}
