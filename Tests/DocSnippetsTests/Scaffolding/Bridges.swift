import Signals

// What the Bridges article's blocks take for granted, where Combine or SwiftUI exist: a
// publisher of pages, a label and a login output.

#if canImport(Combine)
import Combine

/// A publisher of pages, as a network layer returns one (it sends nothing here).
struct PagePublisher: Publisher {
    typealias Output = [Photo]
    typealias Failure = any Error
    func receive<S: Subscriber>(subscriber: S) where S.Input == [Photo], S.Failure == any Error {}
}

extension BridgesDocPublishersAsStreams {
    var pagePublisher: PagePublisher { PagePublisher() }
    var bag: CancellableBag { CancellableBag() }
    func show(_ photos: [Photo]) {}
}

extension BridgesDocStreamsAsPublishers {
    final class Label {
        var text: String?
    }

    struct ViewModel {
        struct Output {
            let title: Observable<String>
        }
        let output = Output(title: Property("Inbox").asObservable())
    }

    var viewModel: ViewModel { ViewModel() }
    var label: Label { Label() }
}
#endif

#if canImport(SwiftUI)
extension BridgesDocPublishedValue {
    enum LoginViewModel {
        struct Output {
            let isLoading: Observable<Bool>
        }
    }
}
#endif
