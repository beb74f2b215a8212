// What the SwiftUI Screens article's SwiftUI blocks take for granted, where SwiftUI exists: the
// article's view model, declared in its first block (the namespace `SwiftUIScreensDoc`).

#if canImport(SwiftUI)
extension SwiftUIScreensDocScreen17 {
    typealias FeedViewModel = SwiftUIScreensDoc.FeedViewModel
}

extension SwiftUIScreensDocScreen16 {
    typealias FeedViewModel = SwiftUIScreensDoc.FeedViewModel
}

extension SwiftUIScreensDocHandWrittenOwner {
    typealias FeedViewModel = SwiftUIScreensDoc.FeedViewModel
}

extension SwiftUIScreensDocNestedHolder {
    typealias FeedViewModel = SwiftUIScreensDoc.FeedViewModel
}

extension SwiftUIScreensDocInjectedViewModel {
    typealias FeedViewModel = SwiftUIScreensDoc.FeedViewModel
}
#endif
