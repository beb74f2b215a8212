import SignalsDemoSupport
import Foundation

// All the Demo's logic is in DemoSupport (tested there); this file only connects it to the process.
exit(await DemoCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
