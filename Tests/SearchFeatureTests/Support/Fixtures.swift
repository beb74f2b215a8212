import Foundation
import SignalsPhotoDomain

/// One search request as the fake service saw it.
struct SearchRequest: Hashable, Sendable, CustomStringConvertible {
    var scope: SearchScope
    var query: String
    var page: Int
    var perPage: Int

    init(_ scope: SearchScope, _ query: String, page: Int, perPage: Int) {
        self.scope = scope
        self.query = query
        self.page = page
        self.perPage = perPage
    }

    var description: String { "\(scope)/\(query)/p\(page)" }
}

typealias SearchResponse = Result<Page<SearchResultItem>, UseCaseError>

enum Fixtures {
    static let url = URL(string: "https://images.example.com/photo")!

    static func user(_ id: String) -> UserProfile {
        UserProfile(id: id, username: id, name: "User \(id)")
    }

    static func photo(_ id: String) -> SearchResultItem {
        .photo(Photo(
            id: id,
            width: 4000,
            height: 3000,
            urls: PhotoURLs(raw: url, full: url, regular: url, small: url, thumb: url),
            user: user("by-\(id)")
        ))
    }

    static func collection(_ id: String) -> SearchResultItem {
        .collection(PhotoCollection(id: id, title: "Collection \(id)"))
    }

    static func userItem(_ id: String) -> SearchResultItem {
        .user(user(id))
    }

    /// An item of `scope`'s kind.
    static func item(_ id: String, in scope: SearchScope) -> SearchResultItem {
        switch scope {
        case .photos: photo(id)
        case .collections: collection(id)
        case .users: userItem(id)
        }
    }

    /// A successful page of items of `scope`'s kind.
    static func page(
        _ ids: [String],
        in scope: SearchScope = .photos,
        page: Int = 1,
        totalPages: Int = 3
    ) -> SearchResponse {
        .success(Page(items: ids.map { item($0, in: scope) }, total: totalPages * max(ids.count, 1), totalPages: totalPages, page: page))
    }

    static let offline = UseCaseError.network(.transportFailure(reason: "offline"))
}
