/// A stepper: − and + change a value by a step within bounds.
public final class Stepper: Control {
    public var minimumValue: Double
    public var maximumValue: Double
    public var stepValue: Double
    public var value: Double
    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "value \(value)" }

    public init(id: String, spec: ViewSpec? = nil, value: Double, minimum: Double, maximum: Double, step: Double) {
        self.minimumValue = minimum.isFinite ? minimum : 0
        self.maximumValue = max(maximum.isFinite ? maximum : 100, self.minimumValue)
        self.stepValue = step.isFinite && step > 0 ? step : 1
        self.value = min(max(value.isFinite ? value : 0, minimumValue), maximumValue)
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Steps up (`+1`) or down (`-1`), sending `valueChanged` when the value moves.
    public func step(by direction: Int) {
        let old = value
        value = min(max(value + Double(direction.signum()) * stepValue, minimumValue), maximumValue)
        if value != old { sendActions(for: .valueChanged) }
    }
}
