import Foundation
import SignalsPhotoData
import SignalsPhotoDomain
import Testing

/// The catalog parser rejects exactly what `JSONDecoder` rejects, and says where: the byte
/// offset and the field, in words about the catalog file (not "the server").
struct CatalogStrictnessTests {
    static let prefix = #"{"photos":[{"id":"a","urls":{"thumb":"https://x.test/a"},"user":{"id":"u","username":"n"},"likes":"#
    static let suffix = #"}],"users":[],"collections":[],"collection_photos":{}}"#

    private func loadError(_ data: Data) -> String? {
        do {
            _ = try EmbeddedPhotoRepository(catalogData: data)
            return nil
        } catch UseCaseError.catalogUnavailable(let reason) {
            return reason
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test(arguments: [
        ("+1", 0, "a value cannot start with \"+\""),
        ("01", 0, "a number must not have a leading zero"),
        (".5", 0, "a value cannot start with \".\""),
        ("1.", 2, "a number needs a digit after `.`"),
        ("1e400", 0, "a number is too large to represent"),
        ("-", 1, "a number needs a digit after `-`"),
        ("2e", 2, "a number needs a digit in its exponent"),
        ("-01", 1, "a number must not have a leading zero"),
    ])
    func numbersJSONDecoderRejectsAreRejectedWithTheirOffsetAndField(number: String, column: Int, reason: String) throws {
        let data = Data((Self.prefix + number + Self.suffix).utf8)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data) }
        #expect(CatalogReader.read(data) == nil)
        let offset = Self.prefix.utf8.count + column
        #expect(loadError(data) == "catalog.json is not valid JSON at byte \(offset) (photos[0].likes): \(reason).")
    }

    @Test func numbersJSONDecoderAcceptsStillLoad() throws {
        for number in ["0", "-0", "12", "1E2", "1e+2", "100e-2", "1.0", "123456789012345678"] {
            let data = Data((Self.prefix + number + Self.suffix).utf8)
            let repository = try EmbeddedPhotoRepository(catalogData: data)
            #expect(repository.photoCount == 1, "likes: \(number)")
        }
    }

    @Test func invalidUTF8InAStringIsRejectedAtItsByte() throws {
        var data = Data(#"{"photos":[{"id":"a","description":"ok "#.utf8)
        let offset = data.count
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data(#"","urls":{"thumb":"https://x.test/a"},"user":{"id":"u","username":"n"}}],"users":[],"collections":[],"collection_photos":{}}"#.utf8))
        #expect(throws: (any Error).self) { try JSONDecoder().decode([String: [[String: String]]].self, from: data) }
        #expect(loadError(data) == "catalog.json is not valid JSON at byte \(offset) (photos[0].description): a string is not valid UTF-8.")
    }

    @Test func syntaxErrorsNameTheirPlaceAndNeverBlameAServer() throws {
        let cases: [(String, String)] = [
            (#"{"photos":[{"id":"a" "x":1}]}"#, "at byte 21 (photos[0].id): expected `,` or `}` in an object."),
            (#"{"photos":[1,2,}"#, "at byte 15 (photos[2]): a value cannot start with \"}\"."),
            (#"{"photos":[],"users":tru}"#, "at byte 24 (users): expected `true`."),
            (#"{"a":"\q"}"#, #"at byte 7 (a): an unknown escape `\q`."#),
            (#"{"a":1} x"#, "at byte 8: unexpected text after the document."),
            ("", "at byte 0: the document ends where a value should be."),
            (#"{"photos":[1 2]}"#, "at byte 13 (photos[0]): expected `,` or `]` in an array."),
            (#"{"photos":[1,2"#, "at byte 14 (photos[1]): the document ends inside an array."),
            (#"{"a":1"#, "at byte 6 (a): the document ends inside an object."),
            (#"{"a" 1}"#, "at byte 5 (a): expected `:` after a key."),
            (#"{a:1}"#, "at byte 1: expected a quoted key."),
        ]
        for (json, expected) in cases {
            let reason = try #require(loadError(Data(json.utf8)))
            #expect(reason == "catalog.json is not valid JSON " + expected)
            #expect(!reason.contains("server"))
        }
    }

    @Test func aShapeErrorNamesTheFieldAndNotAServer() throws {
        let data = Data((Self.prefix + #""many""# + Self.suffix).utf8)
        let reason = try #require(loadError(data))
        #expect(reason.hasPrefix("catalog.json: \"photos[0].likes\": "))
        #expect(!reason.contains("server"))
    }
}
