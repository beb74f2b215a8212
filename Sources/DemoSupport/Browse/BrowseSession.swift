import Foundation
import SignalsPhotoList
import Signals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a ``Browser`` on a real terminal: the alternate screen in raw mode, keys read on a
/// thread of their own, a frame drawn after every key and every output (coalesced), a full
/// redraw on resize (SIGWINCH) and Ctrl-L, and the terminal restored on exit, on Ctrl-C and
/// on SIGINT, SIGTERM or SIGHUP.
@MainActor
package final class BrowseSession {
    private let browser: Browser
    private let terminal: Terminal
    private let device: TerminalDevice
    private var renderer: FrameRenderer
    private var isDrawScheduled = false

    /// Creates a session showing `source` on `terminal`, which must have a ``Terminal/device``.
    package init(source: PhotoSource, title: String, terminal: Terminal, device: TerminalDevice, colorMode: ColorMode) {
        self.terminal = terminal
        self.device = device
        renderer = FrameRenderer(colorMode: colorMode)
        browser = Browser(
            service: PhotoService(repository: source.repository), scheduler: DispatchQueueScheduler.main,
            size: device.size(), title: title
        )
    }

    /// Runs until Ctrl-C, Ctrl-D or the end of input.
    package func run() async {
        device.enterRawMode()
        terminal.writeOutput(FrameRenderer.enterScreen)
        let signals = SignalWatcher()
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signals.watch(number) { [weak self] in
                self?.restore()
                SignalWatcher.endProcess(after: number)
            }
        }
        signals.watch(SIGWINCH) { [weak self] in
            guard let self else { return }
            browser.resize(to: device.size())
            renderer.invalidate()
            draw()
        }
        browser.onChange = { [weak self] in self?.scheduleDraw() }
        browser.start()
        draw()

        for await key in device.keys() {
            if key == .control("l") { renderer.invalidate() }
            guard browser.handle(key) else { break }
            draw()
        }
        signals.stop()
        restore()
    }

    private func restore() {
        terminal.writeOutput(FrameRenderer.leaveScreen)
        device.restoreMode()
    }

    /// Draws once after the current burst of outputs.
    private func scheduleDraw() {
        guard !isDrawScheduled else { return }
        isDrawScheduled = true
        Task { @MainActor [weak self] in self?.draw() }
    }

    private func draw() {
        isDrawScheduled = false
        terminal.writeOutput(renderer.render(browser.frame()))
    }
}
