import UIKit
import Signals
import SignalsUIKit
import SignalsPhotoDomain
import SignalsPhotoList
import SignalsPhotoSearch

/// The search screen over `SearchViewModel`: a text field with a cancel button, the results in a
/// collection view that asks for the next page near its end, a spinner, an empty label, the
/// validation message, an alert on errors, and the detail pager pushed on a photo's selection.
///
/// The glue (between `// glue:begin` and `// glue:end`) is what connects the views to the view
/// model; `Scripts/count-glue.py` counts it.
public final class SearchViewController: UIViewController {
    private let viewModel: SearchViewModel
    private let imageLoader: ImageLoader
    private let bag = CancellableBag()

    private let textField = UITextField()
    private let cancelButton = UIButton(type: .system)
    private let messageLabel = UILabel()
    private let emptyLabel = UILabel()
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let collectionView = UICollectionView(frame: .zero, collectionViewLayout: SearchViewController.layout())

    /// A search screen over `viewModel`; the detail pager's cells load images with `imageLoader`.
    public init(viewModel: SearchViewModel, imageLoader: ImageLoader) {
        self.viewModel = viewModel
        self.imageLoader = imageLoader
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        fatalError("SearchViewController is made in code")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Search"
        view.backgroundColor = .systemBackground
        textField.placeholder = "Photos, collections, people"
        textField.returnKeyType = .search
        cancelButton.setTitle("Cancel", for: .normal)
        emptyLabel.text = "No results"
        emptyLabel.textColor = .secondaryLabel
        messageLabel.textColor = .secondaryLabel
        spinner.hidesWhenStopped = true
        for subview in [textField, cancelButton, messageLabel, collectionView, emptyLabel, spinner] as [UIView] {
            view.addSubview(subview)
        }
        bindViewModel()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        textField.frame = CGRect(x: 16, y: 100, width: width - 112, height: 44)
        cancelButton.frame = CGRect(x: width - 88, y: 100, width: 72, height: 44)
        messageLabel.frame = CGRect(x: 16, y: 148, width: width - 32, height: 20)
        collectionView.frame = CGRect(x: 0, y: 172, width: width, height: view.bounds.height - 172)
        emptyLabel.frame = CGRect(x: 16, y: 220, width: width - 32, height: 24)
        spinner.frame = CGRect(x: width / 2 - 20, y: 220, width: 40, height: 40)
    }

    private func bindViewModel() {
        let registration = UICollectionView.CellRegistration<ResultCell, SearchResultItem> { cell, _, item in
            cell.show(item)
        }
        // glue:begin
        let input = SearchViewModel.Input()
        let output = viewModel.transform(input: input)
        textField.signals.editingBegan.bind(to: input.editingBegan).store(in: bag)
        textField.signals.text.bind(to: input.queryChanged).store(in: bag)
        textField.signals.returnKey.bind(to: input.querySubmitted).store(in: bag)
        cancelButton.signals.tap.bind(to: input.cancelTapped).store(in: bag)
        collectionView.signals.nearEnd(within: 3).bind(to: input.nextPageRequested).store(in: bag)
        collectionView.signals.selected.map(\.item).bind(to: input.itemSelected).store(in: bag)
        collectionView.signals.items(output.results) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }.store(in: bag)
        output.query.bind(to: textField.signals.text).store(in: bag)
        output.isCancelButtonHidden.bind(to: cancelButton.signals.isHidden).store(in: bag)
        output.validationMessage.bind(to: messageLabel.signals.text).store(in: bag)
        output.isLoading.bind(to: spinner.signals.isAnimating).store(in: bag)
        output.hasResults.bind(to: emptyLabel.signals.isHidden).store(in: bag)
        output.error.bind(to: Binder(self) { $0.showError($1, retry: input.retryTapped) }).store(in: bag)
        output.detail.bind(to: Binder(self) { $0.showDetail($1) }).store(in: bag)
        // glue:end
    }

    private func showError(_ error: UseCaseError, retry: Subject<Void>) {
        let alert = UIAlertController(title: "Search failed", message: error.message, preferredStyle: .alert)
        // glue:begin
        alert.addAction(UIAlertAction(title: "Retry", style: .default) { _ in retry.fire() })
        // glue:end
        alert.addAction(UIAlertAction(title: "OK", style: .cancel))
        present(alert, animated: true)
    }

    private func showDetail(_ detail: PhotoDetailViewModel) {
        let controller = PhotoDetailViewController(viewModel: detail, imageLoader: imageLoader)
        navigationController?.pushViewController(controller, animated: true)
    }

    private static func layout() -> UICollectionViewLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 56)
        layout.minimumLineSpacing = 1
        return layout
    }
}

/// A search result: a photo's description, a collection's title or a user's name, with what it is.
final class ResultCell: UICollectionViewCell {
    private let titleLabel = UILabel()
    private let kindLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        kindLabel.textColor = .secondaryLabel
        contentView.addSubview(titleLabel)
        contentView.addSubview(kindLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("ResultCell is made in code")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = contentView.bounds.width
        titleLabel.frame = CGRect(x: 16, y: 6, width: width - 32, height: 24)
        kindLabel.frame = CGRect(x: 16, y: 30, width: width - 32, height: 20)
    }

    func show(_ item: SearchResultItem) {
        switch item {
        case .photo(let photo):
            titleLabel.text = photo.description ?? photo.user.name
            kindLabel.text = "Photo by \(photo.user.name)"
        case .collection(let collection):
            titleLabel.text = collection.title
            kindLabel.text = "Collection of \(collection.totalPhotos) photos"
        case .user(let user):
            titleLabel.text = user.name
            kindLabel.text = "@\(user.username)"
        }
    }
}
