/// The ordered record of navigation that tests assert and the tour shows.
///
/// It keeps two views of the same record. `events` is every event, flat, oldest first.
/// `transitions` groups them: the runtime opens a transition (`beginTransition`) around
/// everything that changes the screens (a segue, a pop, a dismissal, a tab switch, a
/// fallback, a push or presentation from code, a tap or action that may lead to one), and
/// every event recorded until it closes belongs to it. The first segue or transition
/// record inside is its cause; later ones (embeds while a pushed scene loads) are entries.
/// Events recorded outside any transition (an action that changed no screen, a warning
/// about a key) are in `events` only.
public final class NavigationTrace {
    /// The events kept, oldest first: at most `capacity` of them, in `byteCapacity` bytes.
    public var events: [TraceEvent] { eventHistory.values }
    /// Called for every event, as it is recorded.
    public var observer: ((TraceEvent) -> Void)?
    /// Called with each transition once it is complete.
    public var transitionObserver: ((TraceTransition) -> Void)?
    /// How many events to keep; older ones are dropped so a long session stays small.
    public var capacity: Int {
        get { eventHistory.countLimit }
        set { eventHistory.countLimit = newValue }
    }
    /// The complete transitions kept, oldest first: at most `transitionCapacity`, in
    /// `byteCapacity` bytes.
    public var transitions: [TraceTransition] { transitionHistory.values }
    /// How many transitions to keep.
    public var transitionCapacity: Int {
        get { transitionHistory.countLimit }
        set { transitionHistory.countLimit = newValue }
    }
    /// How many entries one transition keeps; the rest are counted (`omittedEntries`), so a
    /// transition that loads thousands of scenes stays small.
    public var entryCapacity = 2_000
    /// How many bytes the events may take, and the transitions apart (told roughly: each
    /// value and the text it holds), older ones dropped beyond it. The newest transition
    /// is kept whatever its size. A quarter of a megabyte holds about two thousand events of
    /// a storyboard's usual names: the last hundred transitions, as a rule.
    public var byteCapacity: Int {
        get { eventHistory.byteLimit }
        set {
            eventHistory.byteLimit = newValue
            transitionHistory.byteLimit = newValue
        }
    }

    private var eventHistory = TraceHistory<TraceEvent>(countLimit: 10_000, byteLimit: 256 * 1_024)
    private var transitionHistory = TraceHistory<TraceTransition>(countLimit: 100, byteLimit: 256 * 1_024)
    /// The transition being recorded, from the outermost `beginTransition` to its `endTransition`.
    private var open: OpenTransition?
    /// How deep the `beginTransition` calls are nested.
    private var depth = 0
    /// The number the next complete transition gets.
    private var nextNumber = 1
    /// The calls being counted rather than recorded (`tallyingCalls`), if any.
    private var tally: TraceCallTally?
    /// Each text the events kept hold, once.
    private var texts = TraceTexts()

    public init() {}

    /// Appends an event, dropping the oldest beyond `capacity` and `byteCapacity`, adds it to
    /// the open transition, and tells the observer; a call a tally counts
    /// (``tallyingCalls(_:)``) is only counted and told. A segue or transition record made outside any
    /// transition is a transition of its own, with no entries.
    public func record(_ event: TraceEvent) {
        if tally?.count(event) == true {
            observer?(event)
            return
        }
        let event = texts.shared(event)
        eventHistory.append(event)
        if depth > 0 {
            open?.add(event, entryCapacity: entryCapacity)
        } else if Self.isHeader(event) {
            commit(cause: event, entries: [], omitted: 0)
        }
        observer?(event)
    }

    /// The last complete transition.
    public var lastTransition: TraceTransition? { transitionHistory.last }

    /// Whether a transition is open (between `beginTransition` and its `endTransition`).
    public var isRecordingTransition: Bool { depth > 0 }

    /// Opens a transition: what is recorded until the matching `endTransition` belongs to
    /// it. Calls nest; only the outermost pair makes a transition. One that records no
    /// segue or transition record is dropped when it closes, unless `keptWithoutCause`
    /// (a segue that was asked for and refused): its first event is then its cause.
    public func beginTransition(keptWithoutCause: Bool = false) {
        if depth == 0 { open = OpenTransition() }
        if keptWithoutCause { open?.keptWithoutCause = true }
        depth += 1
    }

    /// Closes what `beginTransition` opened; the outermost close completes the transition.
    public func endTransition() {
        guard depth > 0 else { return }
        depth -= 1
        guard depth == 0, var finished = open else { return }
        open = nil
        if finished.cause == nil, finished.keptWithoutCause, !finished.entries.isEmpty {
            finished.cause = finished.entries.removeFirst()
        }
        guard let cause = finished.cause else { return }
        commit(cause: cause, entries: finished.entries, omitted: finished.omitted)
    }

    /// Forgets every event and every transition; a transition still open keeps recording,
    /// from empty.
    public func clear() {
        eventHistory.removeAll()
        transitionHistory.removeAll()
        texts = TraceTexts()
        if let kept = open?.keptWithoutCause {
            open = OpenTransition()
            open?.keptWithoutCause = kept
        }
    }

    private func commit(cause: TraceEvent, entries: [TraceEvent], omitted: Int) {
        let transition = TraceTransition(number: nextNumber, cause: cause, entries: entries, omittedEntries: omitted)
        nextNumber += 1
        transitionHistory.append(transition)
        transitionObserver?(transition)
    }

    /// Runs `body` with the lifecycle calls and releases it sets off counted instead of
    /// recorded one by one (the observer still hears each), and returns the count: what a
    /// live reload does while it rebuilds the screens the user was on, which the trace
    /// sums up in one line rather than a dozen calls a save. Calls nest into the outermost.
    public func tallyingCalls(_ body: () -> Void) -> TraceCallTally {
        guard tally == nil else {
            body()
            return TraceCallTally()
        }
        tally = TraceCallTally()
        defer { tally = nil }
        body()
        return tally ?? TraceCallTally()
    }

    /// Whether an event can be a transition's cause: a segue or a transition record.
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

/// A transition being recorded.
private struct OpenTransition {
    var cause: TraceEvent?
    var entries: [TraceEvent] = []
    var omitted = 0
    var keptWithoutCause = false

    /// The first segue or transition record is the cause; everything else is an entry.
    mutating func add(_ event: TraceEvent, entryCapacity: Int) {
        if cause == nil, NavigationTrace.isHeader(event) {
            cause = event
        } else if entries.count < max(0, entryCapacity) {
            entries.append(event)
        } else {
            omitted += 1
        }
    }
}
