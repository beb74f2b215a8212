// Stand-in for Apple's `UIKit`: only its presence matters (canImport); IndexPath item/section come from it.
@_exported import Foundation
