/// A page request: the cursor to ask with, and the generation of the list it belongs to.
///
/// A reset or a refresh starts a new generation, which makes every earlier request stale: its
/// response, success or failure, is dropped.
public struct PagingRequest<Cursor> {
    /// The cursor of the page asked for.
    public let cursor: Cursor
    /// The generation the request belongs to.
    public let generation: Int

    /// Creates a request for the page at `cursor` in `generation`.
    @inlinable public init(cursor: Cursor, generation: Int) {
        self.cursor = cursor
        self.generation = generation
    }
}

extension PagingRequest: Equatable where Cursor: Equatable {}
extension PagingRequest: Hashable where Cursor: Hashable {}
extension PagingRequest: Sendable where Cursor: Sendable {}
