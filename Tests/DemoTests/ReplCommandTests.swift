import SignalsDemoSupport
import SignalsPhotoDomain
import Testing

struct ReplCommandTests {
    @Test(arguments: [
        ("mountain lake", ReplCommand.search("mountain lake")),
        ("  café  ", .search("café")),
        ("search next", .search("next")),
        ("s   ", .search("")),
        ("search", .search("")),
        ("/help", .search("help")),
        ("next", .next),
        ("N", .next),
        ("more", .next),
        ("prev", .previous),
        ("p", .previous),
        ("scope users", .scope(.users)),
        ("scope Collections", .scope(.collections)),
        ("scope col", .scope(.collections)),
        ("scope p", .scope(.photos)),
        ("open 3", .open(3)),
        ("o 12", .open(12)),
        ("info", .info),
        ("back", .back),
        ("cancel", .cancel),
        ("retry", .retry),
        ("list", .list),
        ("help", .help),
        ("?", .help),
        ("quit", .quit),
        ("exit", .quit),
        ("q", .quit),
        ("", .nothing),
        ("   ", .nothing),
    ])
    func linesParseIntoCommands(line: String, expected: ReplCommand) {
        #expect(ReplCommand.parse(line) == expected)
    }

    @Test(arguments: ["open", "open zero", "open 0", "open -2", "scope", "scope planets", "next page", "prev 2"])
    func misusedCommandsSayHowToUseThem(line: String) {
        guard case .invalid(let message) = ReplCommand.parse(line) else {
            Issue.record("\(line) parsed as \(ReplCommand.parse(line))")
            return
        }
        #expect(message.contains("`"))
    }

    @Test func helpListsEveryCommand() {
        for word in ["next", "prev", "scope", "open", "info", "back", "list", "retry", "cancel", "help", "quit"] {
            #expect(ReplCommand.helpText.contains(word))
        }
    }
}
