import Foundation
import SignalsPhotoDomain

/// One line typed into the REPL, parsed by ``ReplCommand/parse(_:)``.
///
/// A line that is not a command is a search query; `search <text>` (or `/<text>`) searches for
/// text that looks like a command.
package enum ReplCommand: Hashable, Sendable {
    /// Submit a search for the text (which may be blank: the view model says why not).
    case search(String)
    /// Load the next page of results, or show the next photo in the detail pager.
    case next
    /// Show the previous photo in the detail pager.
    case previous
    /// Search in another scope.
    case scope(SearchScope)
    /// Open a result by its 1-based position.
    case open(Int)
    /// Load the photo's details (EXIF, location) again.
    case info
    /// Leave the detail pager.
    case back
    /// Tap Cancel: clear the query and results, back to the editorial list.
    case cancel
    /// Try the failed request again.
    case retry
    /// Show the loaded results again.
    case list
    /// Show the commands.
    case help
    /// End the session.
    case quit
    /// A blank line: nothing to do.
    case nothing
    /// A command used wrongly; the associated text says how to use it.
    case invalid(String)

    /// Parses one line of input (surrounding whitespace is ignored; commands are
    /// case-insensitive).
    ///
    /// ```swift
    /// ReplCommand.parse("open 3")        // .open(3)
    /// ReplCommand.parse("scope users")   // .scope(.users)
    /// ReplCommand.parse("mountain lake") // .search("mountain lake")
    /// ```
    package static func parse(_ line: String) -> ReplCommand {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .nothing }
        if trimmed.hasPrefix("/") { return .search(String(trimmed.dropFirst())) }

        let words = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let keyword = words[0].lowercased()
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : nil

        switch keyword {
        case "search", "s":
            return .search(argument ?? "")
        case "next", "n", "more":
            return argument == nil ? .next : .invalid("`next` takes no argument.")
        case "prev", "previous", "p":
            return argument == nil ? .previous : .invalid("`prev` takes no argument.")
        case "scope":
            guard let argument, let scope = scope(named: argument) else {
                return .invalid("Use `scope photos`, `scope collections` or `scope users`.")
            }
            return .scope(scope)
        case "open", "o":
            guard let argument, let position = Int(argument), position >= 1 else {
                return .invalid("Use `open <n>` with a result number from the list, such as `open 1`.")
            }
            return .open(position)
        case "info", "i":
            return .info
        case "back", "b":
            return .back
        case "cancel", "c":
            return .cancel
        case "retry", "r":
            return .retry
        case "list", "ls", "l":
            return .list
        case "help", "h", "?":
            return .help
        case "quit", "q", "exit":
            return .quit
        default:
            return .search(trimmed)
        }
    }

    /// The scope named `name` (or a prefix of it: `col`, `u`).
    static func scope(named name: String) -> SearchScope? {
        let name = name.lowercased()
        return SearchScope.allCases.first { $0.rawValue == name }
            ?? SearchScope.allCases.first { $0.rawValue.hasPrefix(name) }
    }

    /// The REPL's help text, one command per line.
    package static let helpText = """
        Commands:
          <text>             search for <text> (or `search <text>`, `/<text>`)
          next | n           next page of results; in a photo: the next photo
          prev | p           in a photo: the previous photo
          scope <s>          search photos, collections or users
          open <n> | o <n>   open result <n>: title, position, photographer, details
          info | i           in a photo: load its details again (EXIF, location)
          back | b           leave the photo
          list | l           show the results again
          retry | r          try the failed request again
          cancel | c         clear the search; back to the editorial list
          help | h           this text
          quit | q           leave (so does end of input)
        """
}
