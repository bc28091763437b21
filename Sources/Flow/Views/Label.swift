/// A text label.
public final class Label: View {
    public var text: String {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }
    public var isBold: Bool {
        didSet { if isBold != oldValue { setNeedsDisplay() } }
    }
    /// A colour for the text, used by scenes that tint labels (Daily Buzz's "steel").
    public var textColor: RGBColor? {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }

    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "text \(text)" }

    /// A row is found by its labels' texts.
    override var searchableText: String? { text }

    public init(
        id: String, spec: ViewSpec? = nil, text: String, alignment: TextAlignment = .natural,
        isBold: Bool = false
    ) {
        self.text = text
        self.alignment = alignment
        self.isBold = isBold
        super.init(id: id, spec: spec)
    }
}

extension ViewKind {
    /// A label element's text, for code reading the file's elements; nil for any other kind.
    public var labelText: String? {
        if case .label(let text, _, _) = self { text } else { nil }
    }
}
