import Foundation
import SignalsPhotoDomain

/// Decodes Unsplash-shaped JSON and turns every failure into a `NetworkError` that names
/// the field that failed (`results[2].user.username`).
struct PayloadDecoder {
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(NetworkError) -> Value {
        guard !data.isEmpty else { throw .invalidData(reason: "The body was empty.") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw Self.networkError(for: error)
        } catch {
            throw .invalidData(reason: "The body could not be read.")
        }
    }

    static func networkError(for error: DecodingError) -> NetworkError {
        switch error {
        case .keyNotFound(let key, let context):
            return .decoding(path: path(context.codingPath + [key]), reason: "the field is missing.")
        case .valueNotFound(let type, let context):
            return .decoding(path: path(context.codingPath), reason: "expected \(type) but found null.")
        case .typeMismatch(let type, let context):
            return .decoding(path: path(context.codingPath), reason: "expected \(type) but found something else.")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .invalidData(reason: "The body is not valid JSON.")
        case .dataCorrupted(let context):
            return .decoding(path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidData(reason: "The body could not be decoded.")
        }
    }

    /// Renders a coding path as `results[2].user.username`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
