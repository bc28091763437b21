/// An on/off switch (`UISwitch`).
public final class Switch: Control {
    public var isOn: Bool
    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "on \(isOn)" }

    public init(id: String, spec: ViewSpec? = nil, isOn: Bool) {
        self.isOn = isOn
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Flips the switch as a tap would.
    public func toggle() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    override var liveValue: RestorationValue? {
        get {
            guard case .toggle(let original)? = spec?.kind, isOn != original else { return nil }
            return .bool(isOn)
        }
        set { if case .bool(let on)? = newValue, on != isOn { toggle() } }
    }
}
