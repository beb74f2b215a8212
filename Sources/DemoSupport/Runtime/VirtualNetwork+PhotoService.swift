import SignalsPhotoList
import SignalsVirtualTime

extension VirtualNetwork {
    /// The same service with every request routed through this network.
    package func route(_ service: PhotoService) -> PhotoService {
        PhotoService(
            editorialPhotos: { [self] page, perPage in route(service.editorialPhotos(page, perPage)) },
            search: { [self] scope, query, page, perPage in route(service.search(scope, query, page, perPage)) },
            photoDetail: { [self] id in route(service.photoDetail(id)) },
            imageData: { [self] url in route(service.imageData(url)) }
        )
    }
}
