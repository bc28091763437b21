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

/// A change of screens that no segue made: a pop, a dismissal, a tab switch, or what the
/// runtime did in place of missing code.
public struct TransitionRecord: Hashable, Sendable {
    /// What kind of change it was.
    public enum Kind: String, Sendable {
        case pop
        case popToRoot = "pop to root"
        case dismiss
        case tab
        /// The storyboard's implied behaviour, run because the code for an action is missing.
        case fallback
    }

    public var kind: Kind
    /// The controller on top before the change.
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
    /// A transition no segue made (pop, dismiss, tab switch, fallback): it heads the calls
    /// that follow, as a segue does.
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
            return "\(record.kind.rawValue) \(record.source) → \(record.destination)\(reason)"
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

/// The ordered record of navigation that tests assert and the tour shows.
public final class NavigationTrace {
    /// The events kept, oldest first: at most `capacity` of them.
    public var events: [TraceEvent] {
        compact()
        return storage
    }
    /// Called for every event, as it is recorded.
    public var observer: ((TraceEvent) -> Void)?
    /// How many events to keep; older ones are dropped so a long session stays small.
    public var capacity = 10_000

    /// The kept events, preceded by `dropped` events that are over capacity but not yet
    /// removed. Removing from the front of an array moves everything after it, so dropping
    /// one event per record made each record cost a move of the whole trace once it was
    /// full; removing them in batches makes that cost constant per event on average.
    private var storage: [TraceEvent] = []
    private var dropped = 0

    public init() {}

    /// Appends an event, dropping the oldest beyond `capacity`, and tells the observer.
    public func record(_ event: TraceEvent) {
        storage.append(event)
        let limit = max(0, capacity)
        if storage.count - dropped > limit { dropped = storage.count - limit }
        if dropped > max(limit, 64) { compact() }
        observer?(event)
    }

    /// Forgets every event.
    public func clear() {
        storage.removeAll()
        dropped = 0
    }

    /// Removes the dropped events from the front of the storage.
    private func compact() {
        guard dropped > 0 else { return }
        storage.removeFirst(dropped)
        dropped = 0
    }

    /// Whether an event opens a new step in the trace panel: a segue or a transition.
    public static func isHeader(_ event: TraceEvent) -> Bool {
        switch event {
        case .segue, .transition: true
        default: false
        }
    }

    /// Events as text, one per line.
    public var lines: [String] { events.map(\.description) }

    /// The lifecycle calls and prepares of the named controllers, as text: the shape the
    /// appearance-order table uses (`A.prepare`, `B.viewDidLoad`, …).
    public func calls(of controllers: Set<String>) -> [String] {
        events.compactMap { event in
            switch event {
            case .lifecycle(let controller, let lifecycle) where controllers.contains(controller):
                return "\(controller).\(lifecycle.rawValue)"
            case .prepare(let controller, _) where controllers.contains(controller):
                return "\(controller).prepare"
            case .unwindAction(let controller, let action) where controllers.contains(controller):
                return "\(controller).\(action)"
            case .released(let controller) where controllers.contains(controller):
                return "\(controller) released"
            default:
                return nil
            }
        }
    }
}
