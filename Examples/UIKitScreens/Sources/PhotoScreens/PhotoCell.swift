import UIKit
import Signals
import SignalsUIKit
import SignalsPhotoList

/// A photo in the list (and in the detail pager): the image, loaded by the cell's
/// `PhotoCellViewModel` while the cell shows it, over the photo's colour, and the photographer.
final class PhotoCell: UICollectionViewCell {
    private let imageView = UIImageView(image: nil)
    private let nameLabel = UILabel()
    /// The view model of the photo shown: released on reuse, which cancels its image load.
    private var viewModel: PhotoCellViewModel?
    private var bag = CancellableBag()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(imageView)
        contentView.addSubview(nameLabel)
        nameLabel.textColor = .white
    }

    required init?(coder: NSCoder) {
        fatalError("PhotoCell is made in code")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
        nameLabel.frame = CGRect(x: 8, y: contentView.bounds.height - 28, width: contentView.bounds.width - 16, height: 20)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        bag = CancellableBag()
        viewModel = nil
    }

    /// Shows the photo of `viewModel`: a cell is configured just before it is displayed.
    func show(_ viewModel: PhotoCellViewModel) {
        self.viewModel = viewModel
        // glue:begin
        let input = PhotoCellViewModel.Input()
        let output = viewModel.transform(input: input)
        output.image.map { $0.flatMap(UIImage.init(data:)) }.bind(to: imageView.signals.image).store(in: bag)
        output.photographerName.bind(to: nameLabel.signals.text).store(in: bag)
        output.placeholderColor.map(UIColor.init(hex:)).bind(to: imageView.signals[\.backgroundColor]).store(in: bag)
        input.displayed.fire()
        // glue:end
    }
}

extension UIColor {
    /// The colour of a `#RRGGBB` string, or `nil` when it is not one.
    convenience init?(hex: String?) {
        guard let hex, hex.hasPrefix("#"), hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        self.init(
            red: CGFloat(Double((value >> 16) & 0xFF) / 255),
            green: CGFloat(Double((value >> 8) & 0xFF) / 255),
            blue: CGFloat(Double(value & 0xFF) / 255),
            alpha: 1
        )
    }
}
