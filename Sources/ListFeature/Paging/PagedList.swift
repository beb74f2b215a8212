import SignalsPhotoDomain
import SignalsPaging

/// The paging engine over `PhotoDomain`'s numbered pages, under the name ListFeature used
/// before the view models used `Paginator` directly.
@available(*, deprecated, message: "use Paginator<Item, UseCaseError, Int>, with a source mapped by pageResponses(requested:)")
public typealias PagedList<Item: Identifiable> = Paginator<Item, UseCaseError, Int>
