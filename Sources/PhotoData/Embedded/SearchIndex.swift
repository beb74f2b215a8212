/// An inverted index over a fixed list of documents, built once at load.
///
/// Holds the distinct tokens sorted bytewise, so every token starting with a prefix is one
/// contiguous run found by binary search, and for each token the documents containing it.
/// Ranking is stable: more matched query words first, then the precomputed popularity
/// order (likes or photo count, descending, then ID ascending).
struct SearchIndex: Sendable {
    /// Query words beyond this many are ignored, so a 10,000-character query stays cheap.
    static let maximumQueryTokens = 32

    private let tokens: [SearchText.Token]
    private let postings: [[Int32]]
    /// `popularityRank[document]` is the document's position in popularity order.
    private let popularityRank: [Int32]

    /// Indexes `documents[i]`'s texts as document `i`; `popularityOrder` lists every document
    /// index from most to least popular.
    init(documents: [[String]], popularityOrder: [Int]) {
        precondition(popularityOrder.count == documents.count, "popularityOrder must rank every document")
        var postingsByToken: [TokenKey: [Int32]] = [:]
        var documentTokens: [SearchText.Token] = []
        // Names, places and tags repeat across documents, and folding non-ASCII text is the
        // slow part of tokenizing, so remember each non-ASCII text's tokens.
        var unicodeTokens: [String: [SearchText.Token]] = [:]
        for (document, texts) in documents.enumerated() {
            documentTokens.removeAll(keepingCapacity: true)
            for text in texts {
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    SearchText.tokenize(text, into: &documentTokens)
                } else if let known = unicodeTokens[text] {
                    documentTokens.append(contentsOf: known)
                } else {
                    let tokens = SearchText.tokens(text)
                    unicodeTokens[text] = tokens
                    documentTokens.append(contentsOf: tokens)
                }
            }
            for token in documentTokens {
                postingsByToken[TokenKey(bytes: token), default: []].appendUnlessLast(Int32(document))
            }
        }
        let sorted = postingsByToken.sorted { $0.key.bytes.lexicographicallyPrecedes($1.key.bytes) }
        tokens = sorted.map(\.key.bytes)
        postings = sorted.map(\.value)
        var rank = [Int32](repeating: 0, count: documents.count)
        for (position, document) in popularityOrder.enumerated() { rank[document] = Int32(position) }
        popularityRank = rank
    }

    /// The number of distinct tokens indexed.
    var tokenCount: Int { tokens.count }

    /// The documents matching any of the query's words (as a whole word or as a word's prefix),
    /// best first.
    func search(_ query: String) -> [Int] {
        var queryTokens: [SearchText.Token] = []
        for token in SearchText.tokens(query) where !queryTokens.contains(token) {
            queryTokens.append(token)
            if queryTokens.count == Self.maximumQueryTokens { break }
        }
        guard !queryTokens.isEmpty else { return [] }

        var matchedWords = [UInt8](repeating: 0, count: popularityRank.count)
        // `lastQueryToken[document]` stops a document counting twice for one query word.
        var lastQueryToken = [Int8](repeating: -1, count: popularityRank.count)
        var matches: [Int32] = []
        for (queryIndex, prefix) in queryTokens.enumerated() {
            var position = lowerBound(prefix)
            while position < tokens.count, tokens[position].starts(with: prefix) {
                for document in postings[position] where lastQueryToken[Int(document)] != Int8(queryIndex) {
                    lastQueryToken[Int(document)] = Int8(queryIndex)
                    if matchedWords[Int(document)] == 0 { matches.append(document) }
                    matchedWords[Int(document)] += 1
                }
                position += 1
            }
        }
        matches.sort { left, right in
            let leftWords = matchedWords[Int(left)], rightWords = matchedWords[Int(right)]
            if leftWords != rightWords { return leftWords > rightWords }
            return popularityRank[Int(left)] < popularityRank[Int(right)]
        }
        return matches.map(Int.init)
    }

    /// The first position whose token is not bytewise less than `token`.
    private func lowerBound(_ token: SearchText.Token) -> Int {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].lexicographicallyPrecedes(token) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Array where Element == Int32 {
    /// Appends `document` unless it is already last; documents arrive in ascending order, so
    /// this keeps each posting list free of duplicates with one dictionary access per token.
    fileprivate mutating func appendUnlessLast(_ document: Int32) {
        if last != document { append(document) }
    }
}

/// A token as a dictionary key, hashed as one block of bytes (`[UInt8]`'s own hashing feeds the
/// hasher a byte at a time, which made index building several times slower).
private struct TokenKey: Hashable {
    let bytes: SearchText.Token

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
