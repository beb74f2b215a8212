import UIKit
import Signals
import SignalsUIKit
import SignalsPhotoDomain
import SignalsPhotoList

/// The detail pager over `PhotoDetailViewModel`, pushed from the list or the search: the photo
/// at the current index (its image loaded by a `PhotoCellViewModel`), the photographer as the
/// title, the "3 / 40" position, previous and next buttons, and an info overlay that a tap on
/// the photo toggles and that shows the photo's details.
///
/// The glue (between `// glue:begin` and `// glue:end`) is what connects the views to the view
/// model; `Scripts/count-glue.py` counts it.
public final class PhotoDetailViewController: UIViewController {
    private let viewModel: PhotoDetailViewModel
    private let imageLoader: ImageLoader
    private let bag = CancellableBag()
    private var photoBag = CancellableBag()
    /// The view model of the photo shown (its image loads while it is held).
    private var photoViewModel: PhotoCellViewModel?

    private let imageButton = UIButton(type: .custom)
    private let positionLabel = UILabel()
    private let infoLabel = UILabel()
    private let previousButton = UIButton(type: .system)
    private let nextButton = UIButton(type: .system)

    /// A detail pager over `viewModel`, loading images with `imageLoader`.
    public init(viewModel: PhotoDetailViewModel, imageLoader: ImageLoader) {
        self.viewModel = viewModel
        self.imageLoader = imageLoader
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        fatalError("PhotoDetailViewController is made in code")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        positionLabel.textColor = .white
        infoLabel.textColor = .white
        infoLabel.numberOfLines = 0
        previousButton.setTitle("Previous", for: .normal)
        nextButton.setTitle("Next", for: .normal)
        for subview in [imageButton, positionLabel, infoLabel, previousButton, nextButton] as [UIView] {
            view.addSubview(subview)
        }
        bindViewModel()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        imageButton.frame = CGRect(x: 0, y: 100, width: bounds.width, height: bounds.height - 200)
        infoLabel.frame = CGRect(x: 16, y: bounds.height - 220, width: bounds.width - 32, height: 100)
        previousButton.frame = CGRect(x: 16, y: bounds.height - 80, width: 100, height: 44)
        positionLabel.frame = CGRect(x: bounds.width / 2 - 40, y: bounds.height - 80, width: 80, height: 44)
        nextButton.frame = CGRect(x: bounds.width - 116, y: bounds.height - 80, width: 100, height: 44)
    }

    private func bindViewModel() {
        // glue:begin
        let input = PhotoDetailViewModel.Input()
        let output = viewModel.transform(input: input)
        imageButton.signals.tap.bind(to: input.imageTapped).store(in: bag)
        imageButton.signals.tap.bind(to: input.infoRequested).store(in: bag)
        previousButton.signals.tap.withLatestFrom(output.currentIndex).map { $0 - 1 }.bind(to: input.pageChanged).store(in: bag)
        nextButton.signals.tap.withLatestFrom(output.currentIndex).map { $0 + 1 }.bind(to: input.pageChanged).store(in: bag)
        output.title.bind(to: signals[\.title]).store(in: bag)
        output.position.bind(to: positionLabel.signals.text).store(in: bag)
        output.isInfoHidden.bind(to: infoLabel.signals.isHidden).store(in: bag)
        output.photoDetail.map { [$0.exif?.model, $0.location?.name].compactMap { $0 }.joined(separator: "\n") }
            .bind(to: infoLabel.signals.text).store(in: bag)
        output.currentIndex.bind(to: Binder(self) { $0.showPhoto(at: $1) }).store(in: bag)
        // glue:end
    }

    private func showPhoto(at index: Int) {
        photoBag = CancellableBag()
        guard let photo = viewModel.photo(at: index) else { return }
        let photoViewModel = PhotoCellViewModel(photo: photo, loader: imageLoader, scheduler: DispatchQueueScheduler.main, imageSize: .regular)
        self.photoViewModel = photoViewModel
        // glue:begin
        let input = PhotoCellViewModel.Input()
        photoViewModel.transform(input: input).image.map { $0.flatMap(UIImage.init(data:)) }
            .bind(to: Binder(imageButton) { button, image in button.setImage(image, for: .normal) }).store(in: photoBag)
        input.displayed.fire()
        // glue:end
    }
}
