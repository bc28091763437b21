/// An image as a storyboard names it: one of the app's own images, or an SF Symbol from the
/// system's catalog (`catalog="system"` in the file).
///
/// A terminal has the pixels of neither, so an image is only its name: the shell draws a
/// glyph for the symbols it knows and the name for the rest.
public struct Image: Hashable, Sendable {
    /// The image's name: `star.fill`, `Logo`.
    public var name: String
    /// Whether the image is an SF Symbol (UIKit's `UIImage(systemName:)`), not one of the
    /// app's own (`UIImage(named:)`).
    public var isSystemSymbol: Bool

    /// One of the app's own images.
    public init(named name: String) {
        self.name = name
        self.isSystemSymbol = false
    }

    /// An SF Symbol.
    public init(systemName name: String) {
        self.name = name
        self.isSystemSymbol = true
    }
}
