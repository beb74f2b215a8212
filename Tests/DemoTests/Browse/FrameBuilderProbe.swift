@testable import SignalsDemoSupport

/// Reaches the internal row fitting of the browser's frame builder.
enum FrameBuilderProbe {
    static func fit(_ text: String, width: Int) -> String {
        FrameBuilder.fit([Span(text)], width: width).map(\.text).joined()
    }
}
