import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals

/// `swift run Demo repl`: the real list, search and detail view models behind a line-based
/// terminal "screen". Each command becomes inputs; what is printed comes only from outputs.
///
/// Two ways to run, chosen by the terminal:
/// - **On a terminal** (``Terminal/device`` set): the keyboard is never blocked by a request.
///   Keys are read while requests run, the line is edited with ``LineEditor`` (history,
///   Ctrl-A/E/U/W, Ctrl-C clears, Ctrl-D quits), outputs are printed as they arrive above a
///   status line of requests sent / in flight / cancelled, and a new query typed while one
///   loads cancels it. The view models run on the main queue.
/// - **Piped** (scripts and tests): commands run one at a time; a command's requests finish
///   (`loading…` is printed) before the next line is read, on a virtual clock, so the output
///   is the same on every run. End of input ends the session.
///
/// ```swift
/// let session = ReplSession(source: source, terminal: .standard)
/// await session.run()
/// ```
@MainActor
package final class ReplSession {
    /// Results per page.
    package static let pageSize = 10

    enum Screen {
        case list
        case search
    }

    /// The detail pager on screen and its session.
    final class OpenDetail {
        let viewModel: PhotoDetailViewModel
        let input = PhotoDetailViewModel.Input()
        let bag = CancellableBag()
        /// The latest position text, such as `3 / 20`.
        var position = ""

        init(_ viewModel: PhotoDetailViewModel) {
            self.viewModel = viewModel
        }
    }

    let source: PhotoSource
    let terminal: Terminal
    /// The virtual clock of a piped session; `nil` on a terminal.
    private let driver: VirtualTimeDriver?
    /// The live screen on a terminal; `nil` when piped.
    private let screen: ReplScreen?
    /// Counts the requests of a session on a terminal.
    private let counter = RequestCounter()
    let bag = CancellableBag()

    let list: PhotoListViewModel
    let listInput = PhotoListViewModel.Input()
    let search: SearchViewModel
    let searchInput = SearchViewModel.Input()

    var shown = Screen.list
    var detail: OpenDetail?
    var results = SearchResults.empty
    var query = ""
    var scope = SearchScope.photos
    var hasBegunEditing = false
    /// Whether the last editorial or search request failed (so `retry` has something to do).
    var listFailed = false
    var searchFailed = false
    /// Whether a list, search or detail request is loading (shown on the status line).
    var loading: Set<String> = []

    /// Creates a session over `source`, talking through `terminal`.
    package init(source: PhotoSource, terminal: Terminal) {
        self.source = source
        self.terminal = terminal
        let service: PhotoService
        let scheduler: any Scheduler
        if terminal.device != nil {
            driver = nil
            screen = ReplScreen(terminal: terminal)
            service = counter.route(PhotoService(repository: source.repository))
            scheduler = DispatchQueueScheduler.main
        } else {
            let driver = VirtualTimeDriver()
            self.driver = driver
            screen = nil
            service = driver.network.route(PhotoService(repository: source.repository))
            scheduler = driver.scheduler
        }
        list = PhotoListViewModel(service: service, scheduler: scheduler, pageSize: Self.pageSize)
        search = SearchViewModel(service: service, scheduler: scheduler, pageSize: Self.pageSize)
    }

    /// Runs until `quit` or the end of input (Ctrl-D on a terminal).
    package func run() async {
        bindList(list.transform(input: listInput))
        bindSearch(search.transform(input: searchInput))
        if let device = terminal.device, let screen {
            await runLive(device: device, screen: screen)
        } else {
            await runPiped()
        }
    }

    private func runPiped() async {
        say("Signals Demo REPL on \(source.summary). Type a search, or `help`.")
        say("Editorial photos:")
        listInput.appeared.fire()
        await settle()

        while true {
            if terminal.isInteractive { terminal.write(prompt, newline: false) }
            guard let line = terminal.readLine() else {
                if terminal.isInteractive { terminal.write("") } // end of input (^D) left the cursor after the prompt
                break
            }
            let command = ReplCommand.parse(line)
            if !terminal.isInteractive, command != .nothing { say("\(prompt)\(line)") }
            if command == .quit { break }
            await perform(command)
        }
        say("Bye.")
    }

    private func runLive(device: TerminalDevice, screen: ReplScreen) async {
        device.enterRawMode()
        let signals = SignalWatcher()
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signals.watch(number) {
                screen.close()
                device.restoreMode()
                SignalWatcher.endProcess(after: number)
            }
        }
        defer {
            signals.stop()
            device.restoreMode()
        }

        say("Signals Demo REPL on \(source.summary). Type a search, or `help`.")
        say("Keys: ↑/↓ history, Ctrl-A/E/U/W edit, Ctrl-C clears the line, Ctrl-D quits.")
        say("Editorial photos:")
        listInput.appeared.fire()
        updateFooter()

        keys: for await key in device.keys() {
            switch screen.editor.handle(key) {
            case .ignored:
                continue
            case .edited:
                screen.redraw()
            case .submitted(let line):
                let command = ReplCommand.parse(line)
                if command != .nothing { say("\(prompt)\(line)") }
                if command == .quit { break keys }
                await perform(command)
                updateFooter()
            case .quit:
                break keys
            }
        }
        say("Bye.")
        screen.close()
    }

    var prompt: String {
        if let detail { return "photo \(detail.viewModel.currentIndex + 1)> " }
        return shown == .search ? "search \"\(TerminalText.sanitized(query))\" in \(scope.rawValue)> " : "editorial> "
    }

    /// Waits for the requests the command started (piped: on the virtual clock). On a
    /// terminal nothing waits: outputs are printed as they arrive.
    func settle() async {
        guard let driver else { return }
        await driver.runUntilIdle()
    }

    // MARK: - Output

    /// Notes that `what` (list, search, detail) started or stopped loading.
    func setLoading(_ what: String, _ isLoading: Bool) {
        if isLoading { loading.insert(what) } else { loading.remove(what) }
        if screen == nil {
            if isLoading { say("loading…") }
        } else {
            updateFooter()
        }
    }

    /// Draws the status line and prompt again with the current counts.
    func updateFooter() {
        guard let screen else { return }
        screen.status = status
        screen.prompt = prompt
        screen.redraw()
    }

    /// The status line: what is loading, and the request counts.
    private var status: String {
        let counts = counter.counts.summary
        return loading.isEmpty ? counts : "loading \(loading.sorted().joined(separator: ", "))…  \(counts)"
    }

    func numbered(_ index: Int, _ text: String) -> String {
        "\(String(index + 1).leftPadded(to: 4)). \(text)"
    }

    /// Prints `text`, line by line, each sanitized: nothing from data or input can act on the
    /// terminal.
    func say(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.sanitized(String($0)) }
            .joined(separator: "\n")
        if let screen {
            screen.status = status
            screen.prompt = prompt
            screen.print(safe)
        } else {
            terminal.write(safe)
        }
    }
}
