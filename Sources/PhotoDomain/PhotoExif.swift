import Foundation

/// Camera settings recorded with a photo, as Unsplash returns them under `exif`.
public struct PhotoExif: Sendable, Hashable {
    /// The camera maker, such as `Canon`.
    public var make: String?
    /// The camera model, such as `EOS 5D Mark IV`.
    public var model: String?
    /// The exposure time, such as `1/125`.
    public var exposureTime: String?
    /// The aperture f-number, such as `4.5`.
    public var aperture: String?
    /// The focal length in millimetres, such as `35.0`.
    public var focalLength: String?
    /// The ISO sensitivity.
    public var iso: Int?

    /// Creates EXIF data.
    public init(
        make: String? = nil,
        model: String? = nil,
        exposureTime: String? = nil,
        aperture: String? = nil,
        focalLength: String? = nil,
        iso: Int? = nil
    ) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }
}

extension PhotoExif: Codable {
    private enum CodingKeys: String, CodingKey {
        case make, model, exposureTime = "exposure_time", aperture, focalLength = "focal_length", iso
    }

    /// Decodes EXIF data; every field is optional and numbers are accepted where text is expected.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            make: try container.decodeFlexibleText(forKey: .make),
            model: try container.decodeFlexibleText(forKey: .model),
            exposureTime: try container.decodeFlexibleText(forKey: .exposureTime),
            aperture: try container.decodeFlexibleText(forKey: .aperture),
            focalLength: try container.decodeFlexibleText(forKey: .focalLength),
            iso: try container.decodeFlexibleInteger(forKey: .iso)
        )
    }
}
