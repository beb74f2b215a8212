import Signals

/// A stream a ``Timeline`` can record; ``Timeline/recordAll(of:fileID:filePath:line:column:)`` finds the
/// stored properties of this type in a view model's `Output`.
///
/// `Observable`, `Subject` and `Property` conform. Conform your own output wrappers to
/// include them.
public protocol TimelineRecordable {
    /// Records this stream's events into `timeline` under `name`.
    func record(into timeline: Timeline, as name: String)
}

extension Observable: TimelineRecordable {
    /// Records this stream into `timeline` under `name`.
    public func record(into timeline: Timeline, as name: String) {
        timeline.record(name, self)
    }
}

extension Subject: TimelineRecordable {
    /// Records the values sent from now on into `timeline` under `name`.
    public func record(into timeline: Timeline, as name: String) {
        timeline.record(name, self)
    }
}

extension Property: TimelineRecordable {
    /// Records the current value and every change into `timeline` under `name`.
    public func record(into timeline: Timeline, as name: String) {
        timeline.record(name, self)
    }
}
