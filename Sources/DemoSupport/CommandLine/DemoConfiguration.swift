import Foundation
import SignalsPhotoData

/// What one run of the Demo does, parsed from its arguments and environment by
/// ``DemoConfiguration/parse(_:environment:)``.
package struct DemoConfiguration: Hashable, Sendable {
    /// What the Demo runs.
    package enum Mode: String, Hashable, Sendable {
        /// The scripted tour (the default): prints a timeline of inputs and outputs, then exits.
        case tour
        /// An interactive session on stdin and stdout.
        case repl
        /// A full-screen photo browser on a terminal.
        case browse
        /// Prints the usage text and exits 0.
        case help
    }

    /// Where photos come from.
    package enum Source: Hashable, Sendable {
        /// The catalog shipped with the package: offline, deterministic.
        case embedded
        /// The Unsplash API or a server that speaks it, authenticated with `accessKey`.
        case unsplash(baseURL: URL, accessKey: String)
    }

    /// What to run.
    package var mode: Mode
    /// Where photos come from.
    package var source: Source
    /// How long each embedded-catalog request takes; `nil` for the mode's default (the tour
    /// counts it in virtual time, the REPL waits it out for real).
    package var latency: Duration?
    /// The share of embedded-catalog requests that fail (0...1), from a fixed seed so runs repeat.
    package var failureRate: Double
    /// How long each HTTP request may take as a whole (`--timeout`); `nil` for
    /// `HTTPLimits.defaultRequestDeadline`. Used by the HTTP source only.
    package var requestDeadline: Duration?

    /// Creates a configuration; the defaults are the tour on the embedded catalog.
    package init(mode: Mode = .tour, source: Source = .embedded, latency: Duration? = nil, failureRate: Double = 0) {
        self.mode = mode
        self.source = source
        self.latency = latency
        self.failureRate = failureRate
    }
}

extension DemoConfiguration {
    /// The environment variable `--unsplash` reads the access key from.
    package static let accessKeyVariable = "UNSPLASH_ACCESS_KEY"

    /// The longest `--timeout` accepted, in seconds (five minutes).
    package static let maximumTimeoutSeconds = 300.0

    /// The longest `--latency` accepted, in milliseconds (one minute).
    package static let maximumLatencyMilliseconds = 60_000

    /// Parses the Demo's arguments (without the program name) and environment.
    ///
    /// ```swift
    /// let configuration = try DemoConfiguration.parse(["repl", "--latency", "300"], environment: [:])
    /// // mode: .repl, source: .embedded, latency: .milliseconds(300)
    /// ```
    ///
    /// Throws ``DemoUsageError`` for an unknown command or option, a missing or malformed
    /// value, an option that does not apply to the chosen source, or `--unsplash` without
    /// `UNSPLASH_ACCESS_KEY`.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(DemoUsageError) -> DemoConfiguration {
        var mode: Mode?
        var wantsUnsplash = false
        var baseURL: URL?
        var latency: Duration?
        var failureRate: Double?
        var requestDeadline: Duration?
        var wantsHelp = false

        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `--name=value` is the same as `--name value`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(DemoUsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw .missingValue(option: name)
                }
                return next
            }
            switch name {
            case "--help", "-h":
                wantsHelp = true
            case "--unsplash":
                guard inlineValue == nil else { throw .unexpectedValue(option: name) }
                wantsUnsplash = true
            case "--base-url":
                baseURL = try parseBaseURL(try value())
            case "--latency":
                latency = try parseLatency(try value())
            case "--fail-rate":
                failureRate = try parseFailureRate(try value())
            case "--timeout":
                requestDeadline = try parseTimeout(try value())
            case "tour", "repl", "browse", "help":
                guard mode == nil else { throw .unexpectedArgument(argument) }
                mode = Mode(rawValue: argument)
            default:
                if argument.hasPrefix("-") { throw .unknownOption(argument) }
                throw mode == nil ? .unknownCommand(argument) : .unexpectedArgument(argument)
            }
        }

        if wantsHelp || mode == .help {
            return DemoConfiguration(mode: .help)
        }
        var configuration = DemoConfiguration(mode: mode ?? .tour, latency: latency, failureRate: failureRate ?? 0)
        if wantsUnsplash || baseURL != nil {
            if latency != nil { throw .embeddedOnly(option: "--latency") }
            if failureRate != nil { throw .embeddedOnly(option: "--fail-rate") }
            configuration.requestDeadline = requestDeadline
            // `--unsplash` needs a key; a server named with `--base-url` alone may not check it.
            let key = environment[accessKeyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if wantsUnsplash, key.isEmpty { throw .missingAccessKey }
            configuration.source = .unsplash(
                baseURL: baseURL ?? URL(string: "https://api.unsplash.com")!,
                accessKey: key.isEmpty ? "demo" : key
            )
        } else if requestDeadline != nil {
            throw .httpOnly(option: "--timeout")
        }
        return configuration
    }

    private static func parseBaseURL(_ text: String) throws(DemoUsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw .invalidValue(option: "--base-url", value: CredentialRedaction.redactedValue(text), expected: "an http or https URL")
        }
        return url
    }

    private static func parseLatency(_ text: String) throws(DemoUsageError) -> Duration {
        guard let milliseconds = Int(text), (0...maximumLatencyMilliseconds).contains(milliseconds) else {
            throw .invalidValue(
                option: "--latency", value: text,
                expected: "whole milliseconds from 0 to \(maximumLatencyMilliseconds)"
            )
        }
        return .milliseconds(milliseconds)
    }

    private static func parseTimeout(_ text: String) throws(DemoUsageError) -> Duration {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= maximumTimeoutSeconds else {
            throw .invalidValue(
                option: "--timeout", value: text,
                expected: "seconds, more than 0 and at most \(Int(maximumTimeoutSeconds))"
            )
        }
        return .milliseconds(max(1, Int((seconds * 1_000).rounded())))
    }

    private static func parseFailureRate(_ text: String) throws(DemoUsageError) -> Double {
        guard let rate = Double(text), rate.isFinite, (0...1).contains(rate) else {
            throw .invalidValue(option: "--fail-rate", value: text, expected: "a number from 0 to 1")
        }
        return rate
    }
}
