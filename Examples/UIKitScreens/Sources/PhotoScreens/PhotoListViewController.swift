import UIKit
import Signals
import SignalsUIKit
import SignalsPhotoDomain
import SignalsPhotoList

/// The editorial photo list over `PhotoListViewModel`: a grid of photos whose cells load their
/// images, the next page asked for near the end, pull to refresh, a spinner, an empty label, an
/// alert with retry on errors, and the detail pager pushed on selection.
///
/// The glue (between `// glue:begin` and `// glue:end`) is what connects the views to the view
/// model; `Scripts/count-glue.py` counts it.
public final class PhotoListViewController: UIViewController {
    private let viewModel: PhotoListViewModel
    private let bag = CancellableBag()

    private let collectionView = UICollectionView(frame: .zero, collectionViewLayout: PhotoListViewController.layout())
    private let refreshControl = UIRefreshControl()
    private let emptyLabel = UILabel()
    private let spinner = UIActivityIndicatorView(style: .large)

    /// A list screen over `viewModel`.
    public init(viewModel: PhotoListViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        fatalError("PhotoListViewController is made in code")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Editorial"
        view.backgroundColor = .systemBackground
        collectionView.refreshControl = refreshControl
        emptyLabel.text = "No photos"
        emptyLabel.textColor = .secondaryLabel
        spinner.hidesWhenStopped = true
        for subview in [collectionView, emptyLabel, spinner] as [UIView] {
            view.addSubview(subview)
        }
        bindViewModel()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        collectionView.frame = view.bounds
        emptyLabel.frame = CGRect(x: 16, y: view.bounds.height / 2 - 12, width: view.bounds.width - 32, height: 24)
        spinner.frame = CGRect(x: view.bounds.width / 2 - 20, y: view.bounds.height / 2 - 20, width: 40, height: 40)
    }

    private func bindViewModel() {
        let registration = UICollectionView.CellRegistration<PhotoCell, Photo> { [viewModel] cell, indexPath, _ in
            // glue:begin
            if let cellViewModel = viewModel.cellViewModel(at: indexPath.item) { cell.show(cellViewModel) }
            // glue:end
        }
        // glue:begin
        let input = PhotoListViewModel.Input()
        let output = viewModel.transform(input: input)
        refreshControl.signals.refresh.bind(to: input.refresh).store(in: bag)
        collectionView.signals.nearEnd(within: 3).bind(to: input.nextPage).store(in: bag)
        collectionView.signals.selected.map(\.item).bind(to: input.itemSelected).store(in: bag)
        let photos = output.insertedIndexPaths.map { _ in () }.merge(with: output.reloaded).map { [viewModel] in viewModel.photos }
        collectionView.signals.items(photos) { view, indexPath, photo in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: photo)
        }.store(in: bag)
        output.isLoading.bind(to: spinner.signals.isAnimating).store(in: bag)
        output.isLoading.filter { !$0 }.bind(to: refreshControl.signals.isRefreshing).store(in: bag)
        output.isEmpty.map(!).bind(to: emptyLabel.signals.isHidden).store(in: bag)
        output.error.bind(to: Binder(self) { $0.showError($1, retry: input.retry) }).store(in: bag)
        output.detail.bind(to: Binder(self) { $0.showDetail($1) }).store(in: bag)
        input.appeared.fire()
        // glue:end
    }

    private func showError(_ error: UseCaseError, retry: Subject<Void>) {
        let alert = UIAlertController(title: "Could not load photos", message: error.message, preferredStyle: .alert)
        // glue:begin
        alert.addAction(UIAlertAction(title: "Retry", style: .default) { _ in retry.fire() })
        // glue:end
        alert.addAction(UIAlertAction(title: "OK", style: .cancel))
        present(alert, animated: true)
    }

    private func showDetail(_ detail: PhotoDetailViewModel) {
        let controller = PhotoDetailViewController(viewModel: detail, imageLoader: viewModel.imageLoader)
        navigationController?.pushViewController(controller, animated: true)
    }

    private static func layout() -> UICollectionViewLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 160, height: 160)
        layout.minimumLineSpacing = 2
        layout.minimumInteritemSpacing = 2
        return layout
    }
}
