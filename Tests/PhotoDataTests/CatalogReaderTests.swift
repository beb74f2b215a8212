import Foundation
import SignalsPhotoData
import SignalsPhotoDomain
import Testing

/// The fast catalog reader must agree with `JSONDecoder` on everything it accepts.
@Suite struct CatalogReaderTests {
    private struct File: Decodable, Equatable {
        var photos: [PhotoDetail]
        var users: [UserProfile]
        var collections: [PhotoCollection]
        var collection_photos: [String: [String]]
    }

    private static var bundledCatalogData: Data {
        get throws {
            let root = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try Data(contentsOf: root.appendingPathComponent("Sources/PhotoData/Resources/catalog.json"))
        }
    }

    private func expectAgreement(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = Data(json.utf8)
        let fast = try #require(CatalogReader.read(data), sourceLocation: sourceLocation)
        let reference = try JSONDecoder().decode(File.self, from: data)
        #expect(fast.photos == reference.photos, sourceLocation: sourceLocation)
        #expect(fast.users == reference.users, sourceLocation: sourceLocation)
        #expect(fast.collections == reference.collections, sourceLocation: sourceLocation)
        #expect(fast.collectionPhotos == reference.collection_photos, sourceLocation: sourceLocation)
    }

    @Test func theFastReaderAndJSONDecoderReadTheBundledCatalogIdentically() throws {
        let data = try Self.bundledCatalogData
        let fast = try #require(CatalogReader.read(data))
        let reference = try JSONDecoder().decode(File.self, from: data)
        #expect(fast.photos.count == reference.photos.count)
        #expect(fast.photos == reference.photos)
        #expect(fast.users == reference.users)
        #expect(fast.collections == reference.collections)
        #expect(fast.collectionPhotos == reference.collection_photos)
    }

    @Test func nullsMissingFieldsEscapesAndNumericIDsAgreeWithJSONDecoder() throws {
        try expectAgreement(#"""
        {"photos":[
          {"id":"a\"b\\c\u00e9\ud83c\udfd4","urls":{"thumb":"https://x.test/t","raw":null},"user":{"id":"u","username":"n"},
           "tags":["plain",{"title":"object"}],"exif":{"aperture":4.5,"iso":"400","make":null},"location":null,
           "width":-3,"likes":1e2,"created_at":"2020-01-02T03:04:05.25Z"},
          {"id":"b","urls":{"small":"https://x.test/s"},"user":{"id":"v","username":"m","profile_image":{"small":"https://x.test/p"}},
           "location":{"position":{"latitude":-1.5e1}},"views":null}
        ],
        "users":[{"id":"u","username":"n","name":null,"total_photos":2}],
        "collections":[{"id":42,"title":"T","preview_photos":[{"id":"a","urls":{"full":"https://x.test/f"}}],"user":null},
                       {"id":"s","title":"U","description":"d","user":{"id":"u","username":"n"}}],
        "collection_photos":{"42":["a","b"],"s":[]}}
        """#)
    }

    @Test func anythingUnexpectedMakesTheFastReaderGiveUp() {
        let cases = [
            "not json",
            #"{"photos":[],"users":[],"collections":[]}"#,
            #"{"photos":[{"id":"a","width":"300","urls":{"thumb":"https://x"},"user":{"id":"u","username":"n"}}],"users":[],"collections":[],"collection_photos":{}}"#,
            #"{"photos":[],"users":[],"collections":[],"collection_photos":{}} trailing"#,
            #"{"photos":[],"users":[],"collections":[],"collection_photos":{"c":[1]}}"#,
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ]
        for json in cases {
            #expect(CatalogReader.read(Data(json.utf8)) == nil, "\(json.prefix(60))")
        }
    }

    @Test func aCatalogTheFastReaderRejectsStillLoadsOrFailsThroughJSONDecoder() throws {
        // `1.0` is an integer to JSONDecoder but not to the fast reader: the fallback accepts it.
        let accepted = #"{"photos":[{"id":"a","likes":3.0,"urls":{"thumb":"https://x.test/a"},"user":{"id":"u","username":"n"}}],"users":[],"collections":[],"collection_photos":{}}"#
        #expect(try EmbeddedPhotoRepository(catalogData: Data(accepted.utf8)).photoCount == 1)
        let rejected = #"{"photos":[{"id":"a","width":"wide","urls":{"thumb":"https://x.test/a"},"user":{"id":"u","username":"n"}}],"users":[],"collections":[],"collection_photos":{}}"#
        #expect {
            try EmbeddedPhotoRepository(catalogData: Data(rejected.utf8))
        } throws: { error in
            guard case UseCaseError.catalogUnavailable(let reason) = error else { return false }
            return reason.contains("photos[0].width")
        }
    }
}
