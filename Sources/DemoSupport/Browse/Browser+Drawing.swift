import Foundation
import SignalsPhotoDomain
import SignalsPhotoSearch

// The frame: a pure function of the browser's state and the view models' snapshots.
extension Browser {
    /// Rows of the list between the header and the footer.
    var listRows: Int { max(1, size.rows - 5) }

    /// Columns of the preview beside the list (none on a narrow screen).
    var previewColumns: Int { size.columns >= 60 ? size.columns * 2 / 5 : 0 }

    /// The screen as it looks now.
    package func frame() -> Frame {
        var builder = FrameBuilder(size: size)
        if let detail {
            drawDetail(detail, into: &builder)
        } else {
            drawList(into: &builder)
        }
        return builder.build()
    }

    static let accent = TextStyle(foreground: RGB(255, 200, 80), isBold: true)
    static let warning = TextStyle(foreground: RGB(255, 110, 110), isBold: true)

    func drawList(into builder: inout FrameBuilder) {
        builder.add(" Signals photo browser" + (title.isEmpty ? "" : " — \(title)"), .inverse)

        var searchLine = [Span("Search: ", .bold), Span(field.text), Span(trusted: "▏", Self.accent), Span("   Scope: ", .dim)]
        for candidate in SearchScope.allCases {
            searchLine.append(Span(" \(candidate.rawValue) ", candidate == scope ? .inverse : .plain))
        }
        builder.add(searchLine)

        var header: [Span]
        if isSearching {
            header = [Span("“\(searchedQuery)” in \(scope.rawValue) — \(DemoFormat.count(results.count, "result"))", .bold)]
            if isSearchLoading { header.append(Span("  ⠿ searching…", Self.accent)) }
        } else {
            header = [Span("Editorial photos — \(DemoFormat.count(list.photos.count)) loaded", .bold)]
            if isListLoading { header.append(Span("  ⠿ loading…", Self.accent)) }
        }
        if let validationMessage { header.append(Span("  ⚠ \(validationMessage)", Self.warning)) }
        builder.add(header)

        let listWidth = size.columns - previewColumns - (previewColumns > 0 ? 1 : 0)
        let previewLines = previewColumns > 0 ? previewPanel(columns: previewColumns - 1, rows: listRows) : []
        for row in 0..<listRows {
            let index = top + row
            var left: [Span] = []
            if index < itemCount {
                let text = isSearching ? DemoFormat.result(results[index]) : DemoFormat.photo(list.photos[index])
                let label = "\(String(index + 1).leftPadded(to: 4)). \(text)"
                left = [Span(label, index == selection ? .inverse : .plain)]
            } else if row == 0 {
                left = [Span(emptyMessage, .dim)]
            }
            var line = FrameBuilder.fit(left, width: listWidth)
            if previewColumns > 0 {
                line.append(Span(trusted: "│", .dim))
                line += row < previewLines.count ? previewLines[row] : []
            }
            builder.add(line)
        }

        builder.add(errorLine(isSearching ? searchError : listError))
        builder.add(
            [Span(counter.counts.summary, .dim), Span("  ↑↓ move · ⏎ open · Tab scope · Esc clear · ^C quit", .dim)]
        )
    }

    var emptyMessage: String {
        if isSearching {
            if isSearchLoading { return "searching…" }
            return hasResults ? "" : "No results for “\(searchedQuery)” in \(scope.rawValue)."
        }
        if isListLoading { return "loading…" }
        return isListEmpty ? "The editorial feed is empty." : ""
    }

    func errorLine(_ message: String?) -> [Span] {
        guard let message else { return [] }
        return [Span("⚠ \(message) — press Ctrl-R to retry", Self.warning)]
    }

    /// The preview column: the selected photo's image, then a few words about it.
    func previewPanel(columns: Int, rows: Int) -> [[Span]] {
        guard columns > 0, selection < itemCount else { return [] }
        let item: SearchResultItem = isSearching ? results[selection] : .photo(list.photos[selection])
        switch item {
        case .photo(let photo):
            var lines = imageLines(preview?.photoID == photo.id ? preview : nil, loading: isPreviewLoading, columns: columns, rows: rows - 3)
            lines.append([])
            lines.append([Span(" \(photo.user.name) · ♥ \(DemoFormat.count(photo.likes)) · \(photo.width)×\(photo.height)", .dim)])
            return lines
        case .collection(let collection):
            return [
                [Span(" Collection", .bold)],
                [Span(" \(collection.title)")],
                [Span(" \(DemoFormat.count(collection.totalPhotos, "photo"))" + (collection.user.map { " · by \($0.name)" } ?? ""), .dim)],
                [Span(" " + DemoFormat.shortened(collection.description ?? "", limit: columns - 1), .dim)],
            ]
        case .user(let user):
            return [
                [Span(" User", .bold)],
                [Span(" \(user.name) @\(user.username)")],
                [Span(" \(DemoFormat.count(user.totalPhotos, "photo"))" + (user.location.map { " · \($0)" } ?? ""), .dim)],
                [Span(" " + DemoFormat.shortened(user.bio ?? "", limit: columns - 1), .dim)],
            ]
        }
    }

    /// An image as half-block rows, or a line saying why there is none.
    func imageLines(_ preview: Preview?, loading: Bool, columns: Int, rows: Int) -> [[Span]] {
        guard let preview else { return [[Span(loading ? " loading image…" : " no image yet", .dim)]] }
        guard let image = preview.image else {
            return [[Span(" \(DemoFormat.count(preview.byteCount, "byte")) received, not a PPM image", .dim)]]
        }
        return image.halfBlocks(columns: columns, rows: max(1, rows)).map { [Span(trusted: " ", .plain)] + $0 }
    }

    func drawDetail(_ detail: OpenDetail, into builder: inout FrameBuilder) {
        builder.add(" Photo \(detail.position) — \(detail.title)", .inverse)
        let photo = detail.viewModel.photo(at: detail.index)
        let bodyRows = max(1, size.rows - 3)
        let infoColumns = detail.isInfoHidden ? 0 : min(size.columns / 2, 44)
        let imageColumns = size.columns - infoColumns - 1
        let image = imageLines(
            detail.image?.photoID == photo?.id ? detail.image : nil, loading: detail.image == nil,
            columns: imageColumns, rows: bodyRows
        )
        var info: [[Span]] = []
        if infoColumns > 0, let photo {
            info.append([Span(" Info", .bold)])
            info += wrapped(photo.description ?? photo.altDescription ?? "Untitled", width: infoColumns - 2).map { [Span(" \($0)")] }
            info.append([Span(" \(photo.width)×\(photo.height) · ♥ \(DemoFormat.count(photo.likes))", .dim)])
            if !photo.tags.isEmpty { info.append([Span(" tags: " + photo.tags.prefix(5).joined(separator: ", "), .dim)]) }
            info.append([])
            if let details = detail.info {
                info += wrapped(DemoFormat.detail(details), width: infoColumns - 2).map { [Span(" \($0)")] }
            } else if detail.isLoadingInfo {
                info.append([Span(" loading details…", Self.accent)])
            }
        }
        for row in 0..<bodyRows {
            var line = FrameBuilder.fit(row < image.count ? image[row] : [], width: imageColumns + 1)
            if infoColumns > 0 {
                line.append(Span(trusted: "│", .dim))
                line += row < info.count ? info[row] : []
            }
            builder.add(line)
        }
        builder.add(errorLine(detail.error))
        builder.add([Span(counter.counts.summary, .dim), Span("  ←/→ page · i info · Esc close · ^C quit", .dim)])
    }

    /// `text` broken into lines of at most `width` characters at spaces.
    func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { DemoFormat.shortened($0, limit: width) }
    }
}
