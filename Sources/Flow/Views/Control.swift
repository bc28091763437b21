/// The events a control sends actions for, named as in the storyboard's `eventType`.
public enum ControlEvent: String, Sendable, CaseIterable {
    case touchUpInside
    case valueChanged
    case editingChanged
    case editingDidBegin
    case editingDidEnd
    case primaryActionTriggered
}

/// A view the user acts on: it sends its storyboard actions to its controller.
open class Control: View {
    /// A disabled control is drawn dimmed and takes no keys: a change is a change to what
    /// is drawn.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }
    /// `(selector, event)` pairs wired in the storyboard, plus any added in code.
    public internal(set) var actionTargets: [(selector: String, event: ControlEvent?)] = []

    public override init(id: String, spec: ViewSpec? = nil) {
        super.init(id: id, spec: spec)
        for action in spec?.actions ?? [] {
            addAction(action.selector, for: action.eventType.flatMap(ControlEvent.init(rawValue:)))
        }
    }

    /// Adds an action selector sent to the owning controller when `event` happens
    /// (`nil`: the control's primary event).
    public func addAction(_ selector: String, for event: ControlEvent?) {
        actionTargets.append((selector, event))
    }

    /// The event a plain activation of this control sends.
    open var primaryEvent: ControlEvent { .touchUpInside }

    /// Sends the actions wired for `event` to the owning controller, in order.
    public func sendActions(for event: ControlEvent) {
        guard let owner else { return }
        for target in actionTargets where (target.event ?? primaryEvent) == event {
            owner.sendAction(target.selector, sender: self)
        }
    }

    /// Sends the actions wired for `event`; returns how many there were and the selectors
    /// the controller lacks, unreported (the caller decides what to say).
    func sendActionsCollectingMissing(for event: ControlEvent) -> (sent: Int, missing: [String]) {
        guard let owner else { return (0, []) }
        var sent = 0
        var missing: [String] = []
        for target in actionTargets where (target.event ?? primaryEvent) == event {
            sent += 1
            if !owner.sendAction(target.selector, sender: self, warnsWhenMissing: false) { missing.append(target.selector) }
        }
        return (sent, missing)
    }
}

/// A push button: sends `touchUpInside` actions and fires its segues.
public final class Button: Control {
    public var title: String
    /// The image shown before the title (or alone): UIKit's configuration image, or the
    /// image for the normal state.
    public var image: Image?
    public init(id: String, spec: ViewSpec? = nil, title: String) {
        self.title = title
        self.image = spec?.image
        super.init(id: id, spec: spec)
    }

    /// The text shown for the button: its title, else (a button with an image only, or
    /// Xcode's placeholder "Button" beside an image or a label) its accessibility label, else
    /// its image's name (see `AccessibleName`).
    public var displayTitle: String {
        if !title.isEmpty, image == nil || !AccessibleName.isDesignTimeDefault(title) { return title }
        return accessibility.spokenLabel ?? image?.name ?? title
    }

    /// Its key, hidden or not, starts the segues it owns.
    override public var screenKeys: ScreenKeys? {
        keyEquivalent.map { .button(id: id, keyEquivalent: $0) }
    }

    /// Presses the button: actions first, then the segues it owns (as UIKit does).
    public func tap() {
        guard isEnabled, !isHidden, let owner else { return }
        // One press, one transition: its actions and segues are traced together.
        owner.tracingTransition {
            let (sent, missing) = sendActionsCollectingMissing(for: .touchUpInside)
            let segues = owner.fireSegues(ownedBy: id, sender: self)
            owner.handleMissingActions(
                missing, anythingElseRan: segues > 0 || missing.count < sent,
                closes: MissingCode.impliesClosing(title: title, systemItem: nil, selectors: missing))
        }
    }
}

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

/// A row of mutually exclusive segments.
public final class SegmentedControl: Control {
    public var segments: [String]
    public var selectedSegmentIndex: Int
    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "segment \(selectedSegmentIndex)" }

    public init(id: String, spec: ViewSpec? = nil, segments: [String], selectedIndex: Int) {
        self.segments = segments
        self.selectedSegmentIndex = segments.indices.contains(selectedIndex) ? selectedIndex : (segments.isEmpty ? -1 : 0)
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Selects a segment as a tap would.
    public func select(_ index: Int) {
        guard segments.indices.contains(index), index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }
}
