/// A lifecycle call, as it appears in the trace.
public enum LifecycleEvent: String, Sendable {
    case viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
}

/// What a segue was, as recorded when it fired.
public struct SegueRecord: Hashable, Sendable {
    public var kind: SegueKind
    public var identifier: String?
    public var source: String
    public var destination: String

    init(segue: StoryboardSegue) {
        kind = segue.kind
        identifier = segue.identifier
        source = segue.source.debugName
        destination = segue.destination.debugName
    }

    public init(kind: SegueKind, identifier: String?, source: String, destination: String) {
        self.kind = kind
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }
}

/// A change of screens that no segue made: a pop, a dismissal, a tab switch, a push or a
/// presentation from code, or what the runtime did in place of missing code.
public struct TransitionRecord: Hashable, Sendable {
    /// What kind of change it was.
    public enum Kind: String, Sendable {
        case pop
        case popToRoot = "pop to root"
        case dismiss
        case tab
        /// The storyboard's implied behaviour, run because the code for an action is missing.
        case fallback
        /// `pushViewController` called by code, not by a segue.
        case push
        /// `present` called by code, not by a segue.
        case present
        /// A navigation or tab bar controller's controllers replaced by code while on screen.
        case setViewControllers = "set view controllers"
        /// The window's root controller set (the first screen, or a restored one).
        case root
        /// A split view's secondary column given a new detail (`showDetailViewController`).
        case showDetail = "show detail"
        /// A page view controller turned to another page.
        case page = "turn page"
        /// The storyboard read again after a save, the same place rebuilt from it.
        case reload
    }

    public var kind: Kind
    /// The controller on top before the change (empty when there was none: a first root).
    public var source: String
    /// The controller on top after it.
    public var destination: String
    /// Why, for a fallback ("no code for cancel: — closed the sheet").
    public var reason: String?

    public init(kind: Kind, source: String, destination: String, reason: String? = nil) {
        self.kind = kind
        self.source = source
        self.destination = destination
        self.reason = reason
    }
}

/// One step of navigation: a segue, a prepare, an unwind action, a lifecycle call.
public enum TraceEvent: Hashable, Sendable, CustomStringConvertible {
    case segue(SegueRecord)
    /// A transition no segue made (pop, dismiss, tab switch, fallback, push or presentation
    /// from code): it heads the calls that follow, as a segue does.
    case transition(TransitionRecord)
    case shouldPerform(controller: String, identifier: String?, result: Bool)
    case prepare(controller: String, identifier: String?)
    case unwindAction(controller: String, action: String)
    case action(controller: String, selector: String)
    case lifecycle(controller: String, event: LifecycleEvent)
    case released(controller: String)
    case note(String)
    case warning(String)

    public var description: String {
        switch self {
        case .segue(let record):
            let name = record.identifier.map { " \"\($0)\"" } ?? ""
            return "segue \(record.kind.rawValue)\(name) \(record.source) → \(record.destination)"
        case .transition(let record):
            let reason = record.reason.map { " (\($0))" } ?? ""
            let from = record.source.isEmpty ? "" : "\(record.source) → "
            return "\(record.kind.rawValue) \(from)\(record.destination)\(reason)"
        case .shouldPerform(let controller, let identifier, let result):
            return "\(controller).shouldPerformSegue(\(identifier ?? "")) → \(result)"
        case .prepare(let controller, let identifier):
            return "\(controller).prepare(\(identifier ?? ""))"
        case .unwindAction(let controller, let action):
            return "\(controller).\(action)"
        case .action(let controller, let selector):
            return "\(controller) ← \(selector)"
        case .lifecycle(let controller, let event):
            return "\(controller).\(event.rawValue)"
        case .released(let controller):
            return "\(controller) released"
        case .note(let text):
            return "note: \(text)"
        case .warning(let text):
            return "warning: \(text)"
        }
    }

    /// The controller an event is about, if it is about one.
    public var controller: String? {
        switch self {
        case .shouldPerform(let controller, _, _), .prepare(let controller, _),
            .unwindAction(let controller, _), .action(let controller, _),
            .lifecycle(let controller, _), .released(let controller):
            controller
        case .segue, .transition, .note, .warning: nil
        }
    }
}
