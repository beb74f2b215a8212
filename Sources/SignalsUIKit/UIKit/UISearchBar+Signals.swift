#if canImport(UIKit) && !os(watchOS)
import Signals
import UIKit

@MainActor
extension SignalsExtension where Base: UISearchBar {
    /// The text: the user's edits (`searchBar(_:textDidChange:)`) and a binder that skips
    /// equal text and never replaces marked text (``TextWriteRule``).
    public var text: ControlProperty<String> {
        let proxy = SearchBarDelegateProxy.proxy(for: base)
        let binder = Binder<String?>.text(
            on: base,
            editingEnded: proxy.editingEnded.asObservable(),
            read: { $0.text },
            isComposing: { searchBar in
                #if os(tvOS)
                false
                #else
                searchBar.searchTextField.markedTextRange != nil
                #endif
            },
            write: { searchBar, text in searchBar.text = text }
        )
        return ControlProperty(changes: proxy.text.asObservable(), binder: binder.contramap(Optional.some))
    }

    /// Emits the text when the search (return) button is clicked.
    public var searchButtonClicked: Observable<String> {
        SearchBarDelegateProxy.proxy(for: base).searchClicked.asObservable()
    }

    #if !os(tvOS)
    /// Emits when the cancel button is clicked (not on tvOS, whose search bar has none).
    public var cancelButtonClicked: Observable<Void> {
        SearchBarDelegateProxy.proxy(for: base).cancelClicked.asObservable()
    }
    #endif

    /// Emits when editing begins.
    public var editingBegan: Observable<Void> {
        SearchBarDelegateProxy.proxy(for: base).editingBegan.asObservable()
    }

    #if !os(tvOS)
    /// Shows or hides the cancel button (animated), on the main thread (not on tvOS).
    public var showsCancelButton: Binder<Bool> {
        Binder(base) { searchBar, shows in searchBar.setShowsCancelButton(shows, animated: true) }
    }
    #endif
}

/// The search bar's delegate while its events are bound: sends them into subjects and forwards
/// each to the delegate the app set (on Apple's runtime, every other delegate method too).
///
/// One per search bar, kept by an ``OwnerTable`` for as long as the bar lives (a delegate is held
/// weakly). A delegate the app sets later is adopted at the next `signals` use of the bar.
@MainActor
final class SearchBarDelegateProxy: NSObject, UISearchBarDelegate {
    private static let proxies = OwnerTable<UISearchBar, SearchBarDelegateProxy>()

    weak var forwardee: (any UISearchBarDelegate)?
    let text = Subject<String>()
    let searchClicked = Subject<String>()
    let cancelClicked = Subject<Void>()
    let editingBegan = Subject<Void>()
    let editingEnded = Subject<Void>()

    /// The bar's proxy, installed as its delegate (the app's delegate becomes the forwardee).
    static func proxy(for searchBar: UISearchBar) -> SearchBarDelegateProxy {
        let proxy = proxies.helper(for: searchBar) { SearchBarDelegateProxy() }
        if searchBar.delegate !== proxy {
            proxy.forwardee = searchBar.delegate
            searchBar.delegate = proxy
        }
        return proxy
    }

    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        text.send(searchText)
        #if _runtime(_ObjC)
        forwardee?.searchBar?(searchBar, textDidChange: searchText)
        #else
        forwardee?.searchBar(searchBar, textDidChange: searchText)
        #endif
    }

    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        searchClicked.send(searchBar.text ?? "")
        #if _runtime(_ObjC)
        forwardee?.searchBarSearchButtonClicked?(searchBar)
        #else
        forwardee?.searchBarSearchButtonClicked(searchBar)
        #endif
    }

    #if !os(tvOS)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
        cancelClicked.fire()
        #if _runtime(_ObjC)
        forwardee?.searchBarCancelButtonClicked?(searchBar)
        #else
        forwardee?.searchBarCancelButtonClicked(searchBar)
        #endif
    }
    #endif

    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {
        editingBegan.fire()
        #if _runtime(_ObjC)
        forwardee?.searchBarTextDidBeginEditing?(searchBar)
        #else
        forwardee?.searchBarTextDidBeginEditing(searchBar)
        #endif
    }

    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {
        editingEnded.fire()
        #if _runtime(_ObjC)
        forwardee?.searchBarTextDidEndEditing?(searchBar)
        #else
        forwardee?.searchBarTextDidEndEditing(searchBar)
        #endif
    }

    #if _runtime(_ObjC)
    // The delegate methods this proxy does not implement go to the app's delegate.
    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (forwardee?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
        forwardee?.responds(to: selector) == true ? forwardee : super.forwardingTarget(for: selector)
    }
    #endif
}
#endif
