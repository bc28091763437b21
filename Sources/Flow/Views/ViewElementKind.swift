/// A kind of view that answers for itself in the loader: it reads its own storyboard
/// element, makes its own view, and hands a translation the texts it carries. The loader
/// finds it by its element's name in `ViewElementKinds`, so a new kind of view is its model
/// (this conformance and its `View` subclass), its presentation, and its line there.
///
/// Its value is what the file sets up, copied with the view's spec (`ViewKind.element`).
public protocol ViewElementKind: Sendable {
    /// Makes the view, as the storyboard set it up.
    func makeView(id: String, spec: ViewSpec) -> View
    /// Hands each text a translation may replace to `rewrite`, with the keys Xcode's
    /// `.strings` files give it after the element's id (`title` for `ID.title`); by default
    /// there are none.
    mutating func rewriteTexts(_ rewrite: (_ text: inout String, _ keys: [String]) -> Void)
}

extension ViewElementKind {
    public mutating func rewriteTexts(_ rewrite: (_ text: inout String, _ keys: [String]) -> Void) {}
}

/// A kind's reading of its element, for the loader.
protocol ViewElementReading: ViewElementKind {
    /// The name of the element it reads (`colorWell`).
    static var elementName: String { get }
    /// Reads what `element` sets up, with the loader's readers of Xcode's attribute shapes;
    /// what it cannot read it reports through `mapper` (`warning(_:at:)`) and leaves as
    /// UIKit's default.
    init(element: ParsedElement, mapper: inout StoryboardMapper)
}
