import SignalsPhotoData

/// The bundled catalog, loaded once for the whole test run (tests that need other settings
/// call `reconfigured(_:)`, which shares the loaded data).
enum BundledCatalog {
    private static let loaded = Result { try EmbeddedPhotoRepository() }

    static func repository() throws -> EmbeddedPhotoRepository {
        try loaded.get()
    }
}
