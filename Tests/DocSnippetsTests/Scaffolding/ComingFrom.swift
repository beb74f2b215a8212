// The migration guides write their Signals example as a screen's method: `self` is the screen.
extension ComingFromRxSwiftDoc { typealias SearchController = SearchScreen }
extension ComingFromCombineDoc { typealias SearchController = SearchScreen }
extension ComingFromReactiveSwiftDoc { typealias SearchController = SearchScreen }
