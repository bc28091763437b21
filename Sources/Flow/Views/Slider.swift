/// A slider between a minimum and a maximum.
public final class Slider: Control {
    public var minimumValue: Double
    public var maximumValue: Double
    /// The value, always kept within the bounds.
    public var value: Double {
        didSet { value = clamp(value) }
    }
    public init(id: String, spec: ViewSpec? = nil, value: Double, minimum: Double, maximum: Double) {
        let low = minimum.isFinite ? minimum : 0
        var high = maximum.isFinite ? maximum : 1
        if high < low { high = low }
        self.minimumValue = low
        self.maximumValue = high
        self.value = min(max(value.isFinite ? value : low, low), high)
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .valueChanged }

    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "value \(value)" }

    private func clamp(_ candidate: Double) -> Double {
        guard candidate.isFinite else { return minimumValue }
        return min(max(candidate, minimumValue), maximumValue)
    }

    /// Moves the value as a user would, sending `valueChanged` when it changes.
    public func setValue(_ newValue: Double) {
        let old = value
        value = newValue
        if value != old { sendActions(for: .valueChanged) }
    }

    /// One hundredth of the range: the step of an arrow key.
    public var step: Double { (maximumValue - minimumValue) / 100 }

    override var liveValue: RestorationValue? {
        get {
            guard case .slider(let original, _, _)? = spec?.kind, value != original else { return nil }
            return .number(value)
        }
        set { if case .number(let moved)? = newValue { setValue(moved) } }
    }
}
