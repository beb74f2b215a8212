// The search screen of SignalsUIKit's article "UIKit screens" (Sources/SignalsUIKit/
// SignalsUIKit.docc/UIKitScreens.md), type-checked as an app would write it: every binding of
// the article, in `viewDidLoad`. UIKit only: empty where UIKit is absent.
#if canImport(UIKit) && !os(watchOS)
import Signals
import SignalsPhotoDomain
import SignalsPhotoSearch
import SignalsUIKit
import UIKit

final class SearchScreen: UIViewController {
    private let viewModel: SearchViewModel
    private let bag = CancellableBag()
    private let queryField = UITextField()
    private let cancelButton = UIButton(type: .system)
    private let resultsView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    private let emptyLabel = UILabel()
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let resultCell = UICollectionView.CellRegistration<UICollectionViewCell, SearchResultItem> { _, _, _ in }

    init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let input = SearchViewModel.Input()
        let output = viewModel.transform(input: input)

        queryField.signals.editingBegan.bind(to: input.editingBegan).store(in: bag)
        queryField.signals.text.bind(to: input.queryChanged).store(in: bag)
        queryField.signals.returnKey.bind(to: input.querySubmitted).store(in: bag)
        cancelButton.signals.tap.bind(to: input.cancelTapped).store(in: bag)
        resultsView.signals.nearEnd(within: 3).bind(to: input.nextPageRequested).store(in: bag)
        resultsView.signals.selected.map(\.item).bind(to: input.itemSelected).store(in: bag)

        let cell = resultCell
        resultsView.signals.items(output.results) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }.store(in: bag)
        output.query.bind(to: queryField.signals.text).store(in: bag)
        output.isCancelButtonHidden.bind(to: cancelButton.signals.isHidden).store(in: bag)
        output.isLoading.bind(to: spinner.signals.isAnimating).store(in: bag)
        output.hasResults.bind(to: emptyLabel.signals.isHidden).store(in: bag)
        output.error.bind(to: Binder(self) { screen, error in screen.showError(error.message) }).store(in: bag)
    }

    private func showError(_ message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
#endif
