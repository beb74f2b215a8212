import Signals
import SignalsTesting

/// The recorded events as "<virtual ms> <value>" lines ("|" for the finish), for time operator tests.
func timeline(_ recorder: Recorder<String>) -> [String] {
    recorder.entries.map { entry in
        switch entry.event {
        case .value(let value): "\(entry.time.nanoseconds / 1_000_000)ms \(value)"
        case .finished: "\(entry.time.nanoseconds / 1_000_000)ms |"
        }
    }
}

/// The recorded events as "<virtual ms> <value>" lines for any value type ("|" for the finish).
func stamped<Value>(_ recorder: Recorder<Value>) -> [String] {
    recorder.entries.map { entry in
        switch entry.event {
        case .value(let value): "\(entry.time.nanoseconds / 1_000_000)ms \(value)"
        case .finished: "\(entry.time.nanoseconds / 1_000_000)ms |"
        }
    }
}
