import Foundation

/// An Unsplash error body, `{"errors": ["…"]}`, or the OAuth form
/// `{"error": "…", "error_description": "…"}`; read only to enrich error messages.
struct UnsplashErrorBody {
    var messages: [String]

    /// The server's messages joined into one line, or `nil` if the body holds none.
    static func message(in data: Data) -> String? {
        guard !data.isEmpty, let body = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        let text = body.messages.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
        guard !text.isEmpty else { return nil }
        // A hostile or broken server should not flood the UI.
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}

extension UnsplashErrorBody: Decodable {
    private enum CodingKeys: String, CodingKey {
        case errors, error, errorDescription = "error_description"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var messages = (try? container.decodeIfPresent([String].self, forKey: .errors)) ?? []
        if messages.isEmpty, let single = try? container.decodeIfPresent(String.self, forKey: .errors) {
            messages = [single]
        }
        if let description = try? container.decodeIfPresent(String.self, forKey: .errorDescription) {
            messages.append(description)
        } else if let error = try? container.decodeIfPresent(String.self, forKey: .error) {
            messages.append(error)
        }
        self.messages = messages
    }
}
