import DemoSupport

@MainActor func printSession() {
    for line in Session.run() { print(line) }
}
MainActor.assumeIsolated { printSession() }
