/// A multi-line text view (edited like a field in a terminal).
public final class TextView: Control {
    public var text: String
    public init(id: String, spec: ViewSpec? = nil, text: String) {
        self.text = text
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .editingChanged }

    override var liveValue: RestorationValue? {
        get {
            guard case .textView(let original)? = spec?.kind, text != original else { return nil }
            return .string(text)
        }
        set { if case .string(let typed)? = newValue { text = typed } }
    }
}
