/// A single-line text field.
public final class TextField: Control {
    public var text: String
    public var placeholder: String?
    public var isSecureTextEntry: Bool
    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "text \(text)" }

    public init(id: String, spec: ViewSpec? = nil, text: String, placeholder: String?, isSecure: Bool = false) {
        self.text = text
        self.placeholder = placeholder
        self.isSecureTextEntry = isSecure
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .editingChanged }
    /// Told of every change after the field's actions: how what the field belongs to hears
    /// it (a search bar, which filters its table).
    var onTextChange: (() -> Void)?

    /// Replaces the text as typing would, sending `editingChanged`.
    public func setText(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
        onTextChange?()
    }

    override var liveValue: RestorationValue? {
        get {
            guard case .textField(let original, _, _)? = spec?.kind, text != original else { return nil }
            return .string(text)
        }
        set { if case .string(let typed)? = newValue { setText(typed) } }
    }
}

extension View {
    /// The text fields in this view's tree, in order.
    public var allTextFields: [TextField] { allViews.compactMap { $0 as? TextField } }
}
