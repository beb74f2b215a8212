// Stand-in for the part of Apple's `UIKit` the package meets: its additions to `IndexPath`, and the
// views, controls, collection and table views and view controllers that SignalsUIKit's adapters
// and the UIKit examples (Examples/UIKitScreens) use. Type-checking only: the bodies never run.
//
// Each declaration is copied from its page on developer.apple.com (named above it) by signature,
// isolation and availability: UIKit's classes and protocols are `@MainActor`; what Apple marks
// unavailable on tvOS is marked so here. Members are only those the package and its examples use.
// Two things Swift source cannot say as the SDK's Objective-C import does:
//   - `@objc optional` protocol requirements (delegates): here they are requirements with empty
//     defaults in an extension, so a conformer implements any subset, as with UIKit;
//   - `UICollectionView.delegate` / `UITableView.delegate` override `UIScrollView.delegate` with
//     another type: here `UIScrollView` declares no `delegate`.
// UIKit on watchOS has none of these classes (only the `IndexPath` additions, `UIImage` and
// `UIColor`): the rest sits in `#if !os(watchOS)`.
@_exported import Foundation
@_exported import CoreGraphics

extension IndexPath {
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(item: Int, section: Int) { fatalError() }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(row: Int, section: Int) { fatalError() }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var item: Int { get { fatalError() } set { fatalError() } }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var row: Int { get { fatalError() } set { fatalError() } }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var section: Int { get { fatalError() } set { fatalError() } }
}

// MARK: - Images and colours (watchOS too)

// developer.apple.com/documentation/uikit/uiimage: `class UIImage` (not main-actor isolated).
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class UIImage: NSObject {
    // developer.apple.com/documentation/uikit/uiimage/init(data:)
    public init?(data: Data) { fatalError() }
    // developer.apple.com/documentation/uikit/uiimage/init(named:)
    public init?(named name: String) { fatalError() }
    // developer.apple.com/documentation/uikit/uiimage/init(systemname:)
    @available(iOS 13.0, tvOS 13.0, watchOS 6.0, *)
    public init?(systemName name: String) { fatalError() }
    open var size: CGSize { fatalError() }
}

// developer.apple.com/documentation/uikit/uicolor: `class UIColor` (not main-actor isolated).
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class UIColor: NSObject {
    // developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
    // developer.apple.com/documentation/uikit/uicolor/init(white:alpha:)
    public init(white: CGFloat, alpha: CGFloat) { fatalError() }
    open class var clear: UIColor { fatalError() }
    open class var black: UIColor { fatalError() }
    open class var white: UIColor { fatalError() }
}

#if !os(watchOS)

extension UIColor {
    // developer.apple.com/documentation/uikit/uicolor/systembackground
    @available(iOS 13.0, tvOS 13.0, *)
    public class var systemBackground: UIColor { fatalError() }
    // developer.apple.com/documentation/uikit/uicolor/label
    @available(iOS 13.0, tvOS 13.0, *)
    public class var label: UIColor { fatalError() }
    // developer.apple.com/documentation/uikit/uicolor/secondarylabel
    @available(iOS 13.0, tvOS 13.0, *)
    public class var secondaryLabel: UIColor { fatalError() }
}

// MARK: - Responders and views

// developer.apple.com/documentation/uikit/uiresponder: `@MainActor class UIResponder : NSObject`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIResponder: NSObject {
    public override init() { fatalError() }
    open var next: UIResponder? { fatalError() }
    open var isFirstResponder: Bool { fatalError() }
    @discardableResult open func becomeFirstResponder() -> Bool { fatalError() }
    @discardableResult open func resignFirstResponder() -> Bool { fatalError() }
}

// developer.apple.com/documentation/uikit/uiview: `@MainActor class UIView : UIResponder`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIView: UIResponder {
    // developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { fatalError() }
    // developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { fatalError() }
    // NSObject's `init()`, which UIKit's views keep (it calls `init(frame: .zero)`).
    public override convenience init() { fatalError() }
    open var frame: CGRect { get { fatalError() } set { fatalError() } }
    open var bounds: CGRect { get { fatalError() } set { fatalError() } }
    open var isHidden: Bool { get { fatalError() } set { fatalError() } }
    open var alpha: CGFloat { get { fatalError() } set { fatalError() } }
    open var backgroundColor: UIColor? { get { fatalError() } set { fatalError() } }
    open var tintColor: UIColor! { get { fatalError() } set { fatalError() } }
    open var isUserInteractionEnabled: Bool { get { fatalError() } set { fatalError() } }
    open var superview: UIView? { fatalError() }
    open var subviews: [UIView] { fatalError() }
    open func addSubview(_ view: UIView) { fatalError() }
    open func removeFromSuperview() { fatalError() }
    open func layoutSubviews() { fatalError() }
    open func setNeedsLayout() { fatalError() }
}

// MARK: - Actions and controls

// developer.apple.com/documentation/uikit/uimenuelement: `@MainActor class UIMenuElement : NSObject`.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIMenuElement: NSObject {
    // developer.apple.com/documentation/uikit/uimenuelement/attributes
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var disabled: UIMenuElement.Attributes { fatalError() }
        public static var destructive: UIMenuElement.Attributes { fatalError() }
        public static var hidden: UIMenuElement.Attributes { fatalError() }
    }
    // developer.apple.com/documentation/uikit/uimenuelement/state
    public enum State: Int, Sendable {
        case off = 0, on = 1, mixed = 2
    }
    open var title: String { fatalError() }
    open var image: UIImage? { fatalError() }
}

// developer.apple.com/documentation/uikit/uimenu: `@MainActor class UIMenu : UIMenuElement`.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIMenu: UIMenuElement {}

// developer.apple.com/documentation/uikit/uiactionhandler: `typealias UIActionHandler = (UIAction) -> Void`
// (the page lists no availability).
public typealias UIActionHandler = (UIAction) -> Void

// developer.apple.com/documentation/uikit/uiaction: `@MainActor class UIAction : UIMenuElement`.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIAction: UIMenuElement {
    // developer.apple.com/documentation/uikit/uiaction/identifier-swift.struct
    public struct Identifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    // developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    @available(iOS 13.0, tvOS 14.0, *)
    @preconcurrency public convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) { fatalError() }
    open var identifier: UIAction.Identifier { fatalError() }
}

// developer.apple.com/documentation/uikit/uicontrol: `@MainActor class UIControl : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIControl: UIView {
    // developer.apple.com/documentation/uikit/uicontrol/event
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var touchDown: UIControl.Event { fatalError() }
        public static var touchUpInside: UIControl.Event { fatalError() }
        public static var valueChanged: UIControl.Event { fatalError() }
        // developer.apple.com/documentation/uikit/uicontrol/event/primaryactiontriggered
        @available(iOS 9.0, tvOS 9.0, *)
        public static var primaryActionTriggered: UIControl.Event { fatalError() }
        public static var editingDidBegin: UIControl.Event { fatalError() }
        public static var editingChanged: UIControl.Event { fatalError() }
        public static var editingDidEnd: UIControl.Event { fatalError() }
        public static var editingDidEndOnExit: UIControl.Event { fatalError() }
        public static var allEditingEvents: UIControl.Event { fatalError() }
        public static var allEvents: UIControl.Event { fatalError() }
    }
    // developer.apple.com/documentation/uikit/uicontrol/state-swift.struct
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var normal: UIControl.State { fatalError() }
        public static var highlighted: UIControl.State { fatalError() }
        public static var disabled: UIControl.State { fatalError() }
        public static var selected: UIControl.State { fatalError() }
    }
    // developer.apple.com/documentation/uikit/uicontrol/init(frame:primaryaction:)
    @available(iOS 14.0, tvOS 14.0, *)
    public convenience init(frame: CGRect, primaryAction: UIAction?) { fatalError() }
    open var isEnabled: Bool { get { fatalError() } set { fatalError() } }
    open var isSelected: Bool { get { fatalError() } set { fatalError() } }
    open var isHighlighted: Bool { get { fatalError() } set { fatalError() } }
    // developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:)
    @available(iOS 14.0, tvOS 14.0, *)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) { fatalError() }
    // developer.apple.com/documentation/uikit/uicontrol/removeaction(_:for:)
    @available(iOS 14.0, tvOS 14.0, *)
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) { fatalError() }
    // developer.apple.com/documentation/uikit/uicontrol/removeaction(identifiedby:for:)
    @available(iOS 14.0, tvOS 14.0, *)
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) { fatalError() }
    // developer.apple.com/documentation/uikit/uicontrol/sendactions(for:)
    open func sendActions(for controlEvents: UIControl.Event) { fatalError() }
}

// developer.apple.com/documentation/uikit/uibutton: `@MainActor class UIButton : UIControl`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIButton: UIControl {
    // developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum
    public enum ButtonType: Int, Sendable {
        case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5
    }
    // developer.apple.com/documentation/uikit/uibutton/init(type:)
    public convenience init(type buttonType: UIButton.ButtonType) { fatalError() }
    // developer.apple.com/documentation/uikit/uibutton/init(type:primaryaction:)
    @available(iOS 14.0, tvOS 14.0, *)
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) { fatalError() }
    open var titleLabel: UILabel? { fatalError() }
    open func setTitle(_ title: String?, for state: UIControl.State) { fatalError() }
    open func setImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
}

// developer.apple.com/documentation/uikit/uilabel: `@MainActor class UILabel : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UILabel: UIView {
    open var text: String? { get { fatalError() } set { fatalError() } }
    open var textColor: UIColor! { get { fatalError() } set { fatalError() } }
    open var numberOfLines: Int { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uireturnkeytype: `enum UIReturnKeyType`.
@available(iOS 2.0, tvOS 9.0, *)
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall
    case `continue`
}

// developer.apple.com/documentation/uikit/uitextinputtraits: `@MainActor protocol UITextInputTraits : NSObjectProtocol`
// (its requirements are optional).
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UITextInputTraits: NSObjectProtocol {
    var returnKeyType: UIReturnKeyType { get set }
    var enablesReturnKeyAutomatically: Bool { get set }
}
extension UITextInputTraits {
    public var returnKeyType: UIReturnKeyType { get { fatalError() } set { fatalError() } }
    public var enablesReturnKeyAutomatically: Bool { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uikeyinput: `@MainActor protocol UIKeyInput : UITextInputTraits`.
@available(iOS 3.2, tvOS 9.0, *)
@MainActor public protocol UIKeyInput: UITextInputTraits {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

// developer.apple.com/documentation/uikit/uitextrange: `@MainActor class UITextRange : NSObject`.
@available(iOS 3.2, tvOS 9.0, *)
@MainActor open class UITextRange: NSObject {
    open var isEmpty: Bool { fatalError() }
}

// developer.apple.com/documentation/uikit/uitextinput: `@MainActor protocol UITextInput : UIKeyInput`
// (here only the members the package reads).
@available(iOS 3.2, tvOS 9.0, *)
@MainActor public protocol UITextInput: UIKeyInput {
    // developer.apple.com/documentation/uikit/uitextinput/markedtextrange
    var markedTextRange: UITextRange? { get }
    var selectedTextRange: UITextRange? { get set }
    func text(in range: UITextRange) -> String?
}

// developer.apple.com/documentation/uikit/uitextfielddelegate: `@MainActor protocol UITextFieldDelegate : NSObjectProtocol`
// (its requirements are optional).
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UITextFieldDelegate: NSObjectProtocol {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}
extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { fatalError() }
    public func textFieldDidBeginEditing(_ textField: UITextField) { fatalError() }
    public func textFieldDidEndEditing(_ textField: UITextField) { fatalError() }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { fatalError() }
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { fatalError() }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { fatalError() }
}

// developer.apple.com/documentation/uikit/uitextfield: `@MainActor class UITextField : UIControl`,
// conforming to `UITextInput`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UITextField: UIControl, UITextInput {
    open var text: String? { get { fatalError() } set { fatalError() } }
    open var placeholder: String? { get { fatalError() } set { fatalError() } }
    weak open var delegate: (any UITextFieldDelegate)? { get { fatalError() } set { fatalError() } }
    open var isEditing: Bool { fatalError() }
    open var returnKeyType: UIReturnKeyType { get { fatalError() } set { fatalError() } }
    open var enablesReturnKeyAutomatically: Bool { get { fatalError() } set { fatalError() } }
    open var hasText: Bool { fatalError() }
    open func insertText(_ text: String) { fatalError() }
    open func deleteBackward() { fatalError() }
    open var markedTextRange: UITextRange? { fatalError() }
    open var selectedTextRange: UITextRange? { get { fatalError() } set { fatalError() } }
    open func text(in range: UITextRange) -> String? { fatalError() }
}

// developer.apple.com/documentation/uikit/uiswitch: `@MainActor class UISwitch : UIControl`.
@available(iOS 2.0, *)
@available(tvOS, unavailable)
@MainActor open class UISwitch: UIControl {
    open var isOn: Bool { get { fatalError() } set { fatalError() } }
    open func setOn(_ on: Bool, animated: Bool) { fatalError() }
}

// developer.apple.com/documentation/uikit/uisegmentedcontrol: `@MainActor class UISegmentedControl : UIControl`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UISegmentedControl: UIControl {
    // developer.apple.com/documentation/uikit/uisegmentedcontrol/init(items:)
    public init(items: [Any]?) { fatalError() }
    public override init(frame: CGRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var selectedSegmentIndex: Int { get { fatalError() } set { fatalError() } }
    open var numberOfSegments: Int { fatalError() }
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) { fatalError() }
    open func removeAllSegments() { fatalError() }
}

// developer.apple.com/documentation/uikit/uislider: `@MainActor class UISlider : UIControl`.
@available(iOS 2.0, *)
@available(tvOS, unavailable)
@MainActor open class UISlider: UIControl {
    open var value: Float { get { fatalError() } set { fatalError() } }
    open var minimumValue: Float { get { fatalError() } set { fatalError() } }
    open var maximumValue: Float { get { fatalError() } set { fatalError() } }
    open func setValue(_ value: Float, animated: Bool) { fatalError() }
}

// developer.apple.com/documentation/uikit/uistepper: `@MainActor class UIStepper : UIControl`.
@available(iOS 5.0, *)
@available(tvOS, unavailable)
@MainActor open class UIStepper: UIControl {
    open var value: Double { get { fatalError() } set { fatalError() } }
    open var minimumValue: Double { get { fatalError() } set { fatalError() } }
    open var maximumValue: Double { get { fatalError() } set { fatalError() } }
    open var stepValue: Double { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uirefreshcontrol: `@MainActor class UIRefreshControl : UIControl`.
@available(iOS 6.0, *)
@available(tvOS, unavailable)
@MainActor open class UIRefreshControl: UIControl {
    // developer.apple.com/documentation/uikit/uirefreshcontrol/init()
    public init() { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var isRefreshing: Bool { fatalError() }
    open func beginRefreshing() { fatalError() }
    open func endRefreshing() { fatalError() }
}

// developer.apple.com/documentation/uikit/uibaritem: `@MainActor class UIBarItem : NSObject`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIBarItem: NSObject {
    open var isEnabled: Bool { get { fatalError() } set { fatalError() } }
    open var title: String? { get { fatalError() } set { fatalError() } }
    open var image: UIImage? { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uibarbuttonitem: `@MainActor class UIBarButtonItem : UIBarItem`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIBarButtonItem: UIBarItem {
    // developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action
        case organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind
        case fastForward, undo, redo
    }
    // developer.apple.com/documentation/uikit/uibarbuttonitem/init(title:image:primaryaction:menu:)
    @available(iOS 14.0, tvOS 14.0, *)
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) { fatalError() }
    // developer.apple.com/documentation/uikit/uibarbuttonitem/init(systemitem:primaryaction:menu:)
    @available(iOS 14.0, tvOS 14.0, *)
    public convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) { fatalError() }
    // developer.apple.com/documentation/uikit/uibarbuttonitem/primaryaction
    @available(iOS 14.0, tvOS 14.0, *)
    open var primaryAction: UIAction? { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uibarpositioningdelegate: `@MainActor protocol UIBarPositioningDelegate : NSObjectProtocol`.
@available(iOS 7.0, tvOS 9.0, *)
@MainActor public protocol UIBarPositioningDelegate: NSObjectProtocol {}

// developer.apple.com/documentation/uikit/uisearchbardelegate: `@MainActor protocol UISearchBarDelegate : UIBarPositioningDelegate`
// (its requirements are optional).
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UISearchBarDelegate: UIBarPositioningDelegate {
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    // developer.apple.com/documentation/uikit/uisearchbardelegate/searchbarcancelbuttonclicked(_:)
    // (no tvOS: a Swift protocol cannot mark a requirement unavailable, so tvOS has none).
    #if !os(tvOS)
    @available(iOS 2.0, *)
    @available(tvOS, unavailable)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    #endif
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}
extension UISearchBarDelegate {
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { fatalError() }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { fatalError() }
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { fatalError() }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { fatalError() }
    @available(iOS 2.0, *)
    @available(tvOS, unavailable)
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { fatalError() }
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) { fatalError() }
}

// developer.apple.com/documentation/uikit/uisearchbar: `@MainActor class UISearchBar : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UISearchBar: UIView {
    open var text: String? { get { fatalError() } set { fatalError() } }
    open var placeholder: String? { get { fatalError() } set { fatalError() } }
    weak open var delegate: (any UISearchBarDelegate)? { get { fatalError() } set { fatalError() } }
    open var scopeButtonTitles: [String]? { get { fatalError() } set { fatalError() } }
    open var selectedScopeButtonIndex: Int { get { fatalError() } set { fatalError() } }
    // developer.apple.com/documentation/uikit/uisearchbar/showscancelbutton
    @available(iOS 2.0, *)
    @available(tvOS, unavailable)
    open var showsCancelButton: Bool { get { fatalError() } set { fatalError() } }
    // developer.apple.com/documentation/uikit/uisearchbar/setshowscancelbutton(_:animated:)
    @available(iOS 3.0, *)
    @available(tvOS, unavailable)
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) { fatalError() }
}

// MARK: - Images, spinners, scrolling

// developer.apple.com/documentation/uikit/uiimageview: `@MainActor class UIImageView : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIImageView: UIView {
    // developer.apple.com/documentation/uikit/uiimageview/init(image:)
    public init(image: UIImage?) { fatalError() }
    public override init(frame: CGRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var image: UIImage? { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uiactivityindicatorview: `@MainActor class UIActivityIndicatorView : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIActivityIndicatorView: UIView {
    // developer.apple.com/documentation/uikit/uiactivityindicatorview/style-swift.enum
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
    }
    // developer.apple.com/documentation/uikit/uiactivityindicatorview/init(style:)
    public init(style: UIActivityIndicatorView.Style) { fatalError() }
    public override init(frame: CGRect) { fatalError() }
    public required init(coder: NSCoder) { fatalError() }
    open var hidesWhenStopped: Bool { get { fatalError() } set { fatalError() } }
    open var isAnimating: Bool { fatalError() }
    open func startAnimating() { fatalError() }
    open func stopAnimating() { fatalError() }
}

// developer.apple.com/documentation/uikit/uiscrollviewdelegate: `@MainActor protocol UIScrollViewDelegate : NSObjectProtocol`
// (its requirements are optional).
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
}
extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { fatalError() }
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { fatalError() }
}

// developer.apple.com/documentation/uikit/uiscrollview: `@MainActor class UIScrollView : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIScrollView: UIView {
    open var contentOffset: CGPoint { get { fatalError() } set { fatalError() } }
    open var contentSize: CGSize { get { fatalError() } set { fatalError() } }
    open var isDragging: Bool { fatalError() }
    // developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol
    @available(iOS 10.0, *)
    @available(tvOS, unavailable)
    open var refreshControl: UIRefreshControl? { get { fatalError() } set { fatalError() } }
}

// MARK: - Collection views

// developer.apple.com/documentation/uikit/uicollectionviewlayout: `@MainActor class UICollectionViewLayout : NSObject`.
@available(iOS 6.0, tvOS 9.0, *)
@MainActor open class UICollectionViewLayout: NSObject {
    public override init() { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open func invalidateLayout() { fatalError() }
}

// developer.apple.com/documentation/uikit/uicollectionviewflowlayout: `@MainActor class UICollectionViewFlowLayout : UICollectionViewLayout`.
@available(iOS 6.0, tvOS 9.0, *)
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    open var itemSize: CGSize { get { fatalError() } set { fatalError() } }
    open var minimumLineSpacing: CGFloat { get { fatalError() } set { fatalError() } }
    open var minimumInteritemSpacing: CGFloat { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uicollectionreusableview: `@MainActor class UICollectionReusableView : UIView`.
@available(iOS 6.0, tvOS 9.0, *)
@MainActor open class UICollectionReusableView: UIView {
    open var reuseIdentifier: String? { fatalError() }
    open func prepareForReuse() { fatalError() }
}

// developer.apple.com/documentation/uikit/uicollectionviewcell: `@MainActor class UICollectionViewCell : UICollectionReusableView`.
@available(iOS 6.0, tvOS 9.0, *)
@MainActor open class UICollectionViewCell: UICollectionReusableView {
    open var contentView: UIView { fatalError() }
    open var isSelected: Bool { get { fatalError() } set { fatalError() } }
    open var isHighlighted: Bool { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uicollectionviewdatasource: `@MainActor protocol UICollectionViewDataSource : NSObjectProtocol`.
@available(iOS 6.0, tvOS 9.0, *)
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

// developer.apple.com/documentation/uikit/uicollectionviewdelegate: `@MainActor protocol UICollectionViewDelegate : UIScrollViewDelegate`
// (its requirements are optional).
@available(iOS 6.0, tvOS 9.0, *)
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    // developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:willdisplay:foritemat:)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    // developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didenddisplaying:foritemat:)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    // developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didselectitemat:)
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}
extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) { fatalError() }
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) { fatalError() }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { fatalError() }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { fatalError() }
}

// developer.apple.com/documentation/uikit/uicollectionview: `@MainActor class UICollectionView : UIScrollView`.
@available(iOS 6.0, tvOS 9.0, *)
@MainActor open class UICollectionView: UIScrollView {
    // developer.apple.com/documentation/uikit/uicollectionview/init(frame:collectionviewlayout:)
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var collectionViewLayout: UICollectionViewLayout { get { fatalError() } set { fatalError() } }
    weak open var delegate: (any UICollectionViewDelegate)? { get { fatalError() } set { fatalError() } }
    weak open var dataSource: (any UICollectionViewDataSource)? { get { fatalError() } set { fatalError() } }
    // developer.apple.com/documentation/uikit/uicollectionview/register(_:forcellwithreuseidentifier:)
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) { fatalError() }
    // developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell { fatalError() }
    // developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablecell(using:for:item:)
    @available(iOS 14.0, tvOS 14.0, *)
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?) -> Cell where Cell: UICollectionViewCell { fatalError() }
    open func reloadData() { fatalError() }
    // developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
    open func insertItems(at indexPaths: [IndexPath]) { fatalError() }
    open func deleteItems(at indexPaths: [IndexPath]) { fatalError() }
    open func reloadItems(at indexPaths: [IndexPath]) { fatalError() }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) { fatalError() }
    open func numberOfItems(inSection section: Int) -> Int { fatalError() }
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { fatalError() }
    open var indexPathsForVisibleItems: [IndexPath] { fatalError() }
    open var visibleCells: [UICollectionViewCell] { fatalError() }
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { fatalError() }
}

extension UICollectionView {
    // developer.apple.com/documentation/uikit/uicollectionview/cellregistration
    @available(iOS 14.0, tvOS 14.0, *)
    public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
        // developer.apple.com/documentation/uikit/uicollectionview/cellregistration/handler
        public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void
        // developer.apple.com/documentation/uikit/uicollectionview/cellregistration/init(handler:)
        public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) { fatalError() }
    }
}

// developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct:
// `struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>` (AppKit's on macOS).
@available(iOS 13.0, tvOS 13.0, *)
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
    public init() { fatalError() }
    public var numberOfItems: Int { fatalError() }
    public var numberOfSections: Int { fatalError() }
    public var sectionIdentifiers: [SectionIdentifierType] { fatalError() }
    public var itemIdentifiers: [ItemIdentifierType] { fatalError() }
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { fatalError() }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { fatalError() }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { fatalError() }
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) { fatalError() }
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) { fatalError() }
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) { fatalError() }
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) { fatalError() }
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) { fatalError() }
    public mutating func deleteAllItems() { fatalError() }
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { fatalError() }
}

// developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa:
// `@MainActor @preconcurrency class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
// where SectionIdentifierType : Hashable, SectionIdentifierType : Sendable, ItemIdentifierType : Hashable,
// ItemIdentifierType : Sendable`, an NSObject conforming to UICollectionViewDataSource.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor @preconcurrency open class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UICollectionViewDataSource where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
    // developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/cellprovider
    public typealias CellProvider = (_ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType) -> UICollectionViewCell?
    // developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/init(collectionview:cellprovider:)
    public init(collectionView: UICollectionView, cellProvider: @escaping UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>.CellProvider) { fatalError() }
    // developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/apply(_:animatingdifferences:completion:)
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) { fatalError() }
    // developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/applysnapshotusingreloaddata(_:completion:)
    @available(iOS 15.0, tvOS 15.0, *)
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil) { fatalError() }
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { fatalError() }
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { fatalError() }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { fatalError() }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { fatalError() }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { fatalError() }
}

// MARK: - Table views

// developer.apple.com/documentation/uikit/uitableviewcell: `@MainActor class UITableViewCell : UIView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UITableViewCell: UIView {
    // developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1, value2, subtitle
    }
    // developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var contentView: UIView { fatalError() }
    open var reuseIdentifier: String? { fatalError() }
    open func prepareForReuse() { fatalError() }
}

// developer.apple.com/documentation/uikit/uitableviewdatasource: `@MainActor protocol UITableViewDataSource : NSObjectProtocol`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

// developer.apple.com/documentation/uikit/uitableviewdelegate: `@MainActor protocol UITableViewDelegate : UIScrollViewDelegate`
// (its requirements are optional).
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
    // developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willdisplay:forrowat:)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    // developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didenddisplaying:forrowat:)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    // developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didselectrowat:)
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) { fatalError() }
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) { fatalError() }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { fatalError() }
}

// developer.apple.com/documentation/uikit/uitableview: `@MainActor class UITableView : UIScrollView`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UITableView: UIScrollView {
    // developer.apple.com/documentation/uikit/uitableview/style-swift.enum
    public enum Style: Int, Sendable {
        case plain = 0, grouped, insetGrouped
    }
    // developer.apple.com/documentation/uikit/uitableview/rowanimation
    public enum RowAnimation: Int, Sendable {
        case fade = 0, right, left, top, bottom, none, middle
        case automatic = 100
    }
    // developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
    public init(frame: CGRect, style: UITableView.Style) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    weak open var delegate: (any UITableViewDelegate)? { get { fatalError() } set { fatalError() } }
    weak open var dataSource: (any UITableViewDataSource)? { get { fatalError() } set { fatalError() } }
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) { fatalError() }
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell { fatalError() }
    open func reloadData() { fatalError() }
    // developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { fatalError() }
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { fatalError() }
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { fatalError() }
    open func numberOfRows(inSection section: Int) -> Int { fatalError() }
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { fatalError() }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { fatalError() }
}

// developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir:
// `@MainActor @preconcurrency class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>`
// with the same constraints as the collection view's, an NSObject conforming to UITableViewDataSource.
@available(iOS 13.0, tvOS 13.0, *)
@MainActor @preconcurrency open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UITableViewDataSource where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
    public typealias CellProvider = (_ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType) -> UITableViewCell?
    public init(tableView: UITableView, cellProvider: @escaping UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>.CellProvider) { fatalError() }
    open var defaultRowAnimation: UITableView.RowAnimation { get { fatalError() } set { fatalError() } }
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) { fatalError() }
    @available(iOS 15.0, tvOS 15.0, *)
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil) { fatalError() }
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { fatalError() }
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { fatalError() }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { fatalError() }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fatalError() }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { fatalError() }
}

// MARK: - View controllers

// developer.apple.com/documentation/uikit/uiviewcontroller: `@MainActor class UIViewController : UIResponder`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIViewController: UIResponder {
    // developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    // developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError() }
    // NSObject's `init()`, which UIKit's view controllers keep (it calls `init(nibName: nil, bundle: nil)`).
    public override convenience init() { fatalError() }
    open var view: UIView! { get { fatalError() } set { fatalError() } }
    open var title: String? { get { fatalError() } set { fatalError() } }
    // developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
    open var navigationController: UINavigationController? { fatalError() }
    open var presentedViewController: UIViewController? { fatalError() }
    open func loadView() { fatalError() }
    // developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() { fatalError() }
    open func viewWillAppear(_ animated: Bool) { fatalError() }
    open func viewDidAppear(_ animated: Bool) { fatalError() }
    open func viewWillDisappear(_ animated: Bool) { fatalError() }
    open func viewDidDisappear(_ animated: Bool) { fatalError() }
    open func viewDidLayoutSubviews() { fatalError() }
    // developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) { fatalError() }
    // developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError() }
}

// developer.apple.com/documentation/uikit/uinavigationcontroller: `@MainActor class UINavigationController : UIViewController`.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UINavigationController: UIViewController {
    // developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
    public init(rootViewController: UIViewController) { fatalError() }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var viewControllers: [UIViewController] { get { fatalError() } set { fatalError() } }
    open var topViewController: UIViewController? { fatalError() }
    // developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { fatalError() }
    @discardableResult open func popViewController(animated: Bool) -> UIViewController? { fatalError() }
}

// developer.apple.com/documentation/uikit/uialertaction: `@MainActor class UIAlertAction : NSObject`.
@available(iOS 8.0, tvOS 9.0, *)
@MainActor open class UIAlertAction: NSObject {
    // developer.apple.com/documentation/uikit/uialertaction/style
    public enum Style: Int, Sendable {
        case `default` = 0, cancel, destructive
    }
    // developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) { fatalError() }
    open var title: String? { fatalError() }
    open var style: UIAlertAction.Style { fatalError() }
    open var isEnabled: Bool { get { fatalError() } set { fatalError() } }
}

// developer.apple.com/documentation/uikit/uialertcontroller: `@MainActor class UIAlertController : UIViewController`.
@available(iOS 8.0, tvOS 9.0, *)
@MainActor open class UIAlertController: UIViewController {
    // developer.apple.com/documentation/uikit/uialertcontroller/style
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert
    }
    // developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:)
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) { fatalError() }
    open var message: String? { get { fatalError() } set { fatalError() } }
    open var preferredStyle: UIAlertController.Style { fatalError() }
    open var actions: [UIAlertAction] { fatalError() }
    // developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:)
    open func addAction(_ action: UIAlertAction) { fatalError() }
}

#endif

// MARK: - Used by SignalsUIKit's adapters

#if !os(watchOS)
// developer.apple.com/documentation/uikit/uisearchtextfield: `@MainActor class UISearchTextField : UITextField`.
@available(iOS 13.0, *)
@available(tvOS, unavailable)
@MainActor open class UISearchTextField: UITextField {}

extension UISearchBar {
    // developer.apple.com/documentation/uikit/uisearchbar/searchtextfield:
    // `@MainActor var searchTextField: UISearchTextField { get }` (iOS 13.0, Mac Catalyst 13.1, no tvOS).
    @available(iOS 13.0, *)
    @available(tvOS, unavailable)
    public var searchTextField: UISearchTextField { fatalError() }
}
#endif
