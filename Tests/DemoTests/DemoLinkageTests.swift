import Foundation
import SignalsTesting
import Testing

/// `swift run Demo` must not need a test framework: the Demo uses virtual time from
/// SignalsVirtualTime, which imports neither XCTest nor Testing.
@Suite(.linuxOnly, .timeLimit(.minutes(1)))
struct DemoLinkageTests {
    @Test func theDemoExecutableLinksNeitherXCTestNorTesting() throws {
        let demo = try DemoProcess.executableURL()
        #if os(Linux)
        let tool = "/usr/bin/ldd"
        #else
        let tool = "/usr/bin/otool"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = tool.hasSuffix("otool") ? ["-L", demo.path] : [demo.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // A listing that never ends is stopped (and then fails the status check) within the limit.
        DispatchQueue.global().asyncAfter(deadline: .now() + 45) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let libraries = String(decoding: data, as: UTF8.self)

        #expect(process.terminationStatus == 0)
        // The linker's list names the Swift runtime, so an empty or failed listing cannot pass.
        #expect(libraries.contains("libswiftCore") || libraries.contains("libswift_Concurrency"))
        #expect(!libraries.contains("XCTest"), "The Demo links XCTest:\n\(libraries)")
        #expect(!libraries.contains("libTesting") && !libraries.contains("Testing.framework"), "The Demo links Testing:\n\(libraries)")
    }
}
