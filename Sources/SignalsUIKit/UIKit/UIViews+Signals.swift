#if canImport(UIKit) && !os(watchOS)
import Signals
import UIKit

@MainActor
extension SignalsExtension where Base: UIView {
    /// Whether the view is hidden, written on the main thread.
    public var isHidden: Binder<Bool> {
        Binder(base) { view, isHidden in view.isHidden = isHidden }
    }

    /// The view's alpha, written on the main thread.
    public var alpha: Binder<CGFloat> {
        Binder(base) { view, alpha in view.alpha = alpha }
    }
}

@MainActor
extension SignalsExtension where Base: UILabel {
    /// The label's text, written on the main thread when it differs from the text shown.
    public var text: Binder<String?> {
        .text(on: base, read: { $0.text }, isComposing: { _ in false }, write: { label, text in label.text = text })
    }
}

@MainActor
extension SignalsExtension where Base: UIImageView {
    /// The image, written on the main thread.
    public var image: Binder<UIImage?> {
        Binder(base) { view, image in view.image = image }
    }
}

@MainActor
extension SignalsExtension where Base: UIActivityIndicatorView {
    /// Starts or stops the animation, on the main thread.
    public var isAnimating: Binder<Bool> {
        Binder(base) { spinner, isAnimating in
            if isAnimating { spinner.startAnimating() } else { spinner.stopAnimating() }
        }
    }
}

@MainActor
extension SignalsExtension where Base: UIBarItem {
    /// Whether the item takes taps, written on the main thread.
    public var isEnabled: Binder<Bool> {
        Binder(base) { item, isEnabled in item.isEnabled = isEnabled }
    }
}

@MainActor
extension SignalsExtension where Base: UIBarButtonItem {
    /// Emits on each tap. The item's `primaryAction` becomes the library's (with the item's
    /// title and image), shared by every binding of the item, for as long as the item lives.
    public var tap: Observable<Void> {
        BarButtonTaps.subject(for: base).asObservable()
    }
}

/// One tap subject per bar button item, sent by the item's primary action.
@MainActor
enum BarButtonTaps {
    private static let subjects = OwnerTable<UIBarButtonItem, Subject<Void>>()

    static func subject(for item: UIBarButtonItem) -> Subject<Void> {
        subjects.helper(for: item) {
            let taps = Subject<Void>()
            item.primaryAction = UIAction(title: item.title ?? "", image: item.image) { _ in taps.fire() }
            return taps
        }
    }
}
#endif
