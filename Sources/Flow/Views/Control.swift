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
