import SignalsDemoSupport
import Foundation
import Testing

struct DemoConfigurationTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws(DemoUsageError) -> DemoConfiguration {
        try DemoConfiguration.parse(arguments, environment: environment)
    }

    @Test func noArgumentsIsTheTourOnTheEmbeddedCatalog() throws {
        #expect(try parse([]) == DemoConfiguration(mode: .tour, source: .embedded, latency: nil, failureRate: 0))
    }

    @Test func commandsChooseTheMode() throws {
        #expect(try parse(["tour"]).mode == .tour)
        #expect(try parse(["repl"]).mode == .repl)
        #expect(try parse(["help"]).mode == .help)
    }

    @Test func helpWinsOverEverythingElseThatParses() throws {
        #expect(try parse(["repl", "--help"]) == DemoConfiguration(mode: .help))
        #expect(try parse(["-h", "--latency", "5"]) == DemoConfiguration(mode: .help))
    }

    @Test func latencyAndFailRateApplyToTheEmbeddedCatalog() throws {
        let configuration = try parse(["repl", "--latency", "300", "--fail-rate", "0.25"])
        #expect(configuration == DemoConfiguration(mode: .repl, source: .embedded, latency: .milliseconds(300), failureRate: 0.25))
    }

    @Test func optionsTakeTheirValueAfterAnEqualsSignToo() throws {
        let configuration = try parse(["--latency=0", "--fail-rate=1"])
        #expect(configuration.latency == .zero)
        #expect(configuration.failureRate == 1)
    }

    @Test func optionsMayComeBeforeTheCommand() throws {
        #expect(try parse(["--latency", "10", "repl"]).mode == .repl)
    }

    @Test func unsplashReadsTheAccessKeyFromTheEnvironment() throws {
        let configuration = try parse(["--unsplash"], environment: ["UNSPLASH_ACCESS_KEY": " key123\n"])
        #expect(configuration.source == .unsplash(baseURL: URL(string: "https://api.unsplash.com")!, accessKey: "key123"))
    }

    @Test func baseURLAloneUsesTheHTTPSourceWithOrWithoutAKey() throws {
        let url = URL(string: "http://127.0.0.1:8080")!
        #expect(try parse(["--base-url", "http://127.0.0.1:8080"]).source == .unsplash(baseURL: url, accessKey: "demo"))
        #expect(
            try parse(["--base-url", "http://127.0.0.1:8080"], environment: ["UNSPLASH_ACCESS_KEY": "k"]).source
                == .unsplash(baseURL: url, accessKey: "k")
        )
        #expect(
            try parse(["--unsplash", "--base-url", "https://example.com/v1"], environment: ["UNSPLASH_ACCESS_KEY": "k"]).source
                == .unsplash(baseURL: URL(string: "https://example.com/v1")!, accessKey: "k")
        )
    }

    @Test func unsplashWithoutAKeyIsAConfigurationError() {
        #expect(throws: DemoUsageError.missingAccessKey) { try parse(["--unsplash"]) }
        #expect(throws: DemoUsageError.missingAccessKey) { try parse(["--unsplash"], environment: ["UNSPLASH_ACCESS_KEY": "  "]) }
        #expect(DemoUsageError.missingAccessKey.exitCode == 78)
    }

    @Test(arguments: [
        (["--bogus"], DemoUsageError.unknownOption("--bogus")),
        (["-x"], .unknownOption("-x")),
        (["frobnicate"], .unknownCommand("frobnicate")),
        (["tour", "repl"], .unexpectedArgument("repl")),
        (["repl", "extra"], .unexpectedArgument("extra")),
        (["--latency"], .missingValue(option: "--latency")),
        (["--latency", "--fail-rate", "1"], .missingValue(option: "--latency")),
        (["--unsplash=yes"], .unexpectedValue(option: "--unsplash")),
        (["--latency", "abc"], .invalidValue(option: "--latency", value: "abc", expected: "whole milliseconds from 0 to 60000")),
        (["--latency", "1.5"], .invalidValue(option: "--latency", value: "1.5", expected: "whole milliseconds from 0 to 60000")),
        (["--latency", "-1"], .invalidValue(option: "--latency", value: "-1", expected: "whole milliseconds from 0 to 60000")),
        (["--latency", "60001"], .invalidValue(option: "--latency", value: "60001", expected: "whole milliseconds from 0 to 60000")),
        (["--fail-rate", "2"], .invalidValue(option: "--fail-rate", value: "2", expected: "a number from 0 to 1")),
        (["--fail-rate", "-0.1"], .invalidValue(option: "--fail-rate", value: "-0.1", expected: "a number from 0 to 1")),
        (["--fail-rate", "nan"], .invalidValue(option: "--fail-rate", value: "nan", expected: "a number from 0 to 1")),
        (["--base-url", "ftp://example.com"], .invalidValue(option: "--base-url", value: "ftp://example.com", expected: "an http or https URL")),
        (["--base-url", "http://"], .invalidValue(option: "--base-url", value: "http://", expected: "an http or https URL")),
        (["--base-url", "http://localhost", "--fail-rate", "0.5"], .embeddedOnly(option: "--fail-rate")),
    ])
    func badArgumentsThrowUsageErrors(arguments: [String], expected: DemoUsageError) {
        #expect(throws: expected) { try parse(arguments) }
        #expect(expected.exitCode == 64)
    }

    @Test func everyUsageErrorHasAOneLineMessage() {
        let errors: [DemoUsageError] = [
            .unknownCommand("x"), .unknownOption("-x"), .unexpectedArgument("x"), .missingValue(option: "--latency"),
            .unexpectedValue(option: "--unsplash"), .invalidValue(option: "--latency", value: "x", expected: "y"),
            .embeddedOnly(option: "--latency"), .missingAccessKey,
        ]
        for error in errors {
            #expect(!error.message.isEmpty)
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func usageNamesEveryCommandAndOption() {
        for word in ["tour", "repl", "help", "--unsplash", "--base-url", "--latency", "--fail-rate", "--help", "UNSPLASH_ACCESS_KEY"] {
            #expect(DemoUsage.text.contains(word), "usage lacks \(word)")
        }
    }
}
