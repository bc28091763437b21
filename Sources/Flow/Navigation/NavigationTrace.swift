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
