/// The body of `GET /search/photos|collections|users`: `{"total", "total_pages", "results"}`.
/// Missing or `null` totals read as zero; a missing `results` reads as empty.
struct UnsplashSearchResponse<Result: Decodable> {
    var total: Int
    var totalPages: Int
    var results: [Result]
}

extension UnsplashSearchResponse: Decodable {
    private enum CodingKeys: String, CodingKey {
        case total, results
        case totalPages = "total_pages"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = max(0, try container.decodeIfPresent(Int.self, forKey: .total) ?? 0)
        totalPages = max(0, try container.decodeIfPresent(Int.self, forKey: .totalPages) ?? 0)
        results = try container.decodeIfPresent([Result].self, forKey: .results) ?? []
    }
}
