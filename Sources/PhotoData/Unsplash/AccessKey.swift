/// An Unsplash access key that never shows itself in descriptions, dumps or mirrors, so it
/// cannot leak into logs by accident.
struct AccessKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String

    var description: String { "<redacted>" }
    var debugDescription: String { "AccessKey(<redacted>)" }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
