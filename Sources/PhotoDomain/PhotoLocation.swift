import Foundation

/// Where a photo was taken, as Unsplash returns it under `location`.
public struct PhotoLocation: Sendable, Hashable {
    /// A display name such as `Montreal, Canada`.
    public var name: String?
    /// The city, if known.
    public var city: String?
    /// The country, if known.
    public var country: String?
    /// The latitude in degrees, if known.
    public var latitude: Double?
    /// The longitude in degrees, if known.
    public var longitude: Double?

    /// Creates a location.
    public init(
        name: String? = nil,
        city: String? = nil,
        country: String? = nil,
        latitude: Double? = nil,
        longitude: Double? = nil
    ) {
        self.name = name
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension PhotoLocation: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, city, country, position
    }

    private struct Position: Codable {
        var latitude: Double?
        var longitude: Double?
    }

    /// Decodes a location; every field is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let position = try container.decodeIfPresent(Position.self, forKey: .position)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name),
            city: try container.decodeIfPresent(String.self, forKey: .city),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            latitude: position?.latitude,
            longitude: position?.longitude
        )
    }

    /// Encodes the location in Unsplash's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(city, forKey: .city)
        try container.encode(country, forKey: .country)
        try container.encode(Position(latitude: latitude, longitude: longitude), forKey: .position)
    }
}
