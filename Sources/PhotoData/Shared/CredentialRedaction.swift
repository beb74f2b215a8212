import Foundation

/// Removes the user and password from URLs before they are shown, logged or put in an error,
/// so `http://user:secret@host/` is never printed as such.
package enum CredentialRedaction {
    /// What replaces the user information of a URL.
    package static let placeholder = "<redacted>"

    /// `url` as text, with any `user:password@` replaced by `<redacted>@`.
    package static func redacted(_ url: URL) -> String {
        redacted(url.absoluteString)
    }

    /// `text` with the user information of every URL in it (`scheme://user:password@host`)
    /// replaced by `<redacted>`.
    package static func redacted(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = redactingAuthority(rest[separator.upperBound...], into: &result)
        }
        return result + rest
    }

    /// A value typed as a URL, redacted like `redacted(_:)`, and also when it lacks
    /// its scheme (`user:password@host/path`).
    package static func redactedValue(_ value: String) -> String {
        guard !value.contains("://") else { return redacted(value) }
        var result = ""
        let rest = redactingAuthority(Substring(value), into: &result)
        return result + rest
    }

    /// Appends the authority at the start of `text` to `result`, its user information
    /// redacted, and returns what follows it.
    private static func redactingAuthority(_ text: Substring, into result: inout String) -> Substring {
        let end = text.firstIndex { "/?#\" \t\n".contains($0) } ?? text.endIndex
        let authority = text[..<end]
        if let at = authority.lastIndex(of: "@") {
            result += placeholder + authority[at...]
        } else {
            result += authority
        }
        return text[end...]
    }
}
