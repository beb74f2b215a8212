// Stand-in for Apple's `AppKit`: only its presence matters (canImport); IndexPath item/section come from it.
@_exported import Foundation
