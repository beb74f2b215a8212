import Foundation
import SignalsPhotoDomain
import Testing

/// Decoding real-shaped Unsplash payloads straight into the domain entities.
@Suite struct PayloadDecodingTests {
    private func decode<Value: Decodable>(_ type: Value.Type, fixture: String) throws -> Value {
        try JSONDecoder().decode(type, from: try Fixtures.data(fixture))
    }

    @Test func aListOfPhotosDecodesWithEveryDocumentedField() throws {
        let photos = try decode([Photo].self, fixture: "photos.json")
        let photo = try #require(photos.first)
        #expect(photo.id == "LBI7cgq3pbM")
        #expect(photo.width == 5245 && photo.height == 3497)
        #expect(photo.color == "#60544D")
        #expect(photo.description == "A man drinking a coffee.")
        #expect(photo.altDescription == "man in gray crew neck t-shirt drinking coffee in a café")
        #expect(photo.likes == 12)
        #expect(photo.createdAt == Date(timeIntervalSince1970: 1_462_287_628))
        #expect(photo.urls.thumb.absoluteString == "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=200&fit=max")
        #expect(photo.user.username == "poorkane")
        #expect(photo.user.name == "Gilbert Kane")
        #expect(photo.user.totalPhotos == 74)
        #expect(photo.user.profileImage?.large?.absoluteString.hasSuffix("h=128&w=128") == true)
        #expect(photo.tags == [])
    }

    @Test func nullsAndMissingOptionalFieldsFallBackToDefaults() throws {
        let photo = try decode([Photo].self, fixture: "photos.json")[1]
        #expect(photo.createdAt == nil)
        #expect(photo.color == nil && photo.description == nil && photo.altDescription == nil)
        #expect(photo.likes == 0)
        #expect(photo.user.name == "exampleuser")
        #expect(photo.user.bio == nil && photo.user.location == nil && photo.user.profileImage == nil)
        #expect(photo.user.totalPhotos == 0)
        // Only `regular` was sent: every size falls back to it.
        let regular = URL(string: "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=1080")!
        #expect(photo.urls == PhotoURLs(raw: regular, full: regular, regular: regular, small: regular, thumb: regular))
    }

    @Test func aPhotoSearchResponseDecodesTotalsAndTagObjects() throws {
        struct Response: Decodable { var total: Int; var total_pages: Int; var results: [Photo] }
        let response = try decode(Response.self, fixture: "search_photos.json")
        #expect(response.total == 133 && response.total_pages == 7)
        #expect(response.results.map(\.tags) == [["coffee", "café"]])
        #expect(response.results.first?.altDescription == nil)
    }

    @Test func aCollectionSearchResponseAcceptsTextAndNumericIDsAndNullUsers() throws {
        struct Response: Decodable { var results: [PhotoCollection] }
        let collections = try decode(Response.self, fixture: "search_collections.json").results
        #expect(collections.map(\.id) == ["2211005", "193913"])
        #expect(collections[0].title == "Office" && collections[0].description == nil)
        #expect(collections[0].totalPhotos == 69)
        #expect(collections[0].previewPhotos.map(\.id) == ["xVYxE91r14A"])
        #expect(collections[0].user?.username == "cate")
        #expect(collections[1].user == nil && collections[1].previewPhotos.isEmpty)
    }

    @Test func aUserSearchResponseDecodesFullAndMinimalUsers() throws {
        struct Response: Decodable { var results: [UserProfile] }
        let users = try decode(Response.self, fixture: "search_users.json").results
        #expect(users[0] == UserProfile(
            id: "k5Z0CsVzcmk",
            username: "nasa",
            name: "NASA",
            bio: "Explore the universe and discover our home planet. All photos courtesy of NASA.",
            location: "Washington, DC",
            profileImage: users[0].profileImage,
            totalPhotos: 43
        ))
        #expect(users[0].profileImage?.small != nil)
        #expect(users[1] == UserProfile(id: "JQhGfDkx3ZA", username: "nasa_hubble", name: "nasa_hubble"))
    }

    @Test func aPhotoDetailDecodesExifLocationViewsAndDownloads() throws {
        let detail = try decode(PhotoDetail.self, fixture: "photo_detail.json")
        #expect(detail.id == "Dwu85P9SOIk")
        #expect(detail.photo.tags == ["man", "drinking", "coffee"])
        #expect(detail.exif == PhotoExif(
            make: "Canon", model: "Canon EOS 40D", exposureTime: "0.011111111111111112",
            aperture: "4.970854", focalLength: "37", iso: 100
        ))
        #expect(detail.location == PhotoLocation(
            name: "Montreal, Canada", city: "Montreal", country: "Canada", latitude: 45.473298, longitude: -73.638488
        ))
        #expect(detail.views == 84932 && detail.downloads == 1345)
    }

    @Test func aPhotoDetailFullOfNullsStillDecodes() throws {
        let detail = try decode(PhotoDetail.self, fixture: "photo_detail_nulls.json")
        #expect(detail.exif == PhotoExif())
        #expect(detail.location == PhotoLocation())
        #expect(detail.views == nil && detail.downloads == nil)
        #expect(detail.photo.tags.isEmpty)
    }

    @Test func entitiesRoundTripThroughTheirUnsplashShape() throws {
        let detail = try decode(PhotoDetail.self, fixture: "photo_detail.json")
        let again = try JSONDecoder().decode(PhotoDetail.self, from: try JSONEncoder().encode(detail))
        #expect(again == detail)
        struct Response: Decodable { var results: [PhotoCollection] }
        let collections = try decode(Response.self, fixture: "search_collections.json").results
        let collectionsAgain = try JSONDecoder().decode([PhotoCollection].self, from: try JSONEncoder().encode(collections))
        #expect(collectionsAgain == collections)
    }

    @Test func aMissingRequiredFieldIsReportedAsADecodingError() throws {
        #expect(throws: DecodingError.self) { try decode([Photo].self, fixture: "photos_missing_username.json") }
    }

    @Test func unsplashTimestampsParseWithOffsetsFractionsAndZulu() throws {
        #expect(Timestamp.date(from: "2016-05-03T11:00:28-04:00") == Date(timeIntervalSince1970: 1_462_287_628))
        #expect(Timestamp.date(from: "2016-05-03T15:00:28Z") == Date(timeIntervalSince1970: 1_462_287_628))
        #expect(Timestamp.date(from: "2016-05-03T20:30:28.500+05:30") == Date(timeIntervalSince1970: 1_462_287_628.5))
        #expect(Timestamp.date(from: "1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
        #expect(Timestamp.date(from: "2016-13-03T11:00:28Z") == nil)
        #expect(Timestamp.date(from: "yesterday") == nil)
        #expect(Timestamp.date(from: "") == nil)
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 1_462_287_628)) == "2016-05-03T15:00:28Z")
    }
}
