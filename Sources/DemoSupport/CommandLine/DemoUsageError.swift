import SignalsPhotoData

/// Why the Demo's arguments or environment cannot be used; ``message`` says it in one line.
package enum DemoUsageError: Error, Hashable, Sendable {
    /// The first argument is not a command (`tour`, `repl`, `browse`, `help`).
    case unknownCommand(String)
    /// An argument starting with `-` that the Demo does not know.
    case unknownOption(String)
    /// A second command, or a word after the command.
    case unexpectedArgument(String)
    /// An option that needs a value came last, or was followed by another option.
    case missingValue(option: String)
    /// A flag was given a value (`--unsplash=yes`).
    case unexpectedValue(option: String)
    /// An option's value could not be used.
    case invalidValue(option: String, value: String, expected: String)
    /// `--latency` or `--fail-rate` was combined with an HTTP source.
    case embeddedOnly(option: String)
    /// `--unsplash` without `UNSPLASH_ACCESS_KEY` in the environment.
    case missingAccessKey
    /// `--timeout` without an HTTP source (`--unsplash` or `--base-url`).
    case httpOnly(option: String)

    /// One line saying what is wrong and how to fix it; any user and password in a URL in it
    /// are redacted.
    package var message: String {
        CredentialRedaction.redacted(unredactedMessage)
    }

    private var unredactedMessage: String {
        switch self {
        case .unknownCommand(let command):
            "Unknown command '\(command)'. Commands: tour (the default), repl, browse, help."
        case .unknownOption(let option):
            "Unknown option '\(option)'."
        case .unexpectedArgument(let argument):
            "Unexpected argument '\(argument)': give at most one command."
        case .missingValue(let option):
            "\(option) needs a value."
        case .unexpectedValue(let option):
            "\(option) takes no value."
        case .invalidValue(let option, let value, let expected):
            "\(option) '\(value)' is not valid: expected \(expected)."
        case .embeddedOnly(let option):
            "\(option) applies to the embedded catalog only, not to --unsplash or --base-url."
        case .httpOnly(let option):
            "\(option) applies to an HTTP source only: add --unsplash or --base-url."
        case .missingAccessKey:
            "--unsplash needs an access key: set \(DemoConfiguration.accessKeyVariable) "
                + "(create one at https://unsplash.com/developers)."
        }
    }

    /// The process exit code: 78 (`EX_CONFIG`) for a missing access key, else 64 (`EX_USAGE`).
    package var exitCode: Int32 {
        self == .missingAccessKey ? DemoExitCode.configuration : DemoExitCode.usage
    }
}

/// The Demo's process exit codes (the BSD `sysexits.h` values where one fits).
package enum DemoExitCode {
    /// Everything worked.
    package static let success: Int32 = 0
    /// The run started but failed (the catalog could not load, the server could not be reached).
    package static let failure: Int32 = 1
    /// `EX_USAGE`: the arguments were wrong; the usage text was printed.
    package static let usage: Int32 = 64
    /// `EX_CONFIG`: the environment lacks something the arguments need (an access key).
    package static let configuration: Int32 = 78
}

/// The Demo's `--help` text.
package enum DemoUsage {
    /// The usage text, ending with a newline.
    package static let text = """
        USAGE: swift run Demo [tour | repl | browse | help] [options]

        COMMANDS:
          tour                 A scripted tour of the list, detail and search view models,
                               printed as a timeline of inputs and outputs (the default).
          repl                 An interactive session on the same view models; type `help`.
          browse               A full-screen photo browser on the view models (a terminal
                               is needed): type to search, arrows, Enter, Esc, Ctrl-C.
          help                 Show this text.

        OPTIONS:
          --unsplash           Use the Unsplash API; reads the key from UNSPLASH_ACCESS_KEY.
          --base-url <url>     Use any Unsplash-compatible server (key from the environment
                               if set). Implies the HTTP source.
          --latency <ms>       Make each embedded-catalog request take <ms> milliseconds
                               (0...60000; virtual time in the tour, real time in repl and browse).
          --fail-rate <p>      Make a share <p> (0...1) of embedded-catalog requests fail,
                               with a fixed seed, to show errors and retry.
          --timeout <s>        How long each HTTP request may take in all (default 30 s,
                               at most 300); HTTP sources only.
          -h, --help           Show this text.

        EXIT CODES: 0 success, 1 failure, 64 bad arguments, 78 missing access key.

        """
}
