import Foundation

/// The JSON fixtures and the loopback server script shipped in the test bundle.
enum Fixtures {
    static var directory: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw FixtureError.missing("Fixtures")
            }
            return url
        }
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: try directory.appendingPathComponent(name))
    }

    static var serverScript: URL {
        get throws { try directory.appendingPathComponent("server.py") }
    }

    enum FixtureError: Error {
        case missing(String)
    }
}
