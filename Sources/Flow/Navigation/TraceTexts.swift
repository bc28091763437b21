/// The texts the trace holds, each kept once: an event recorded with a text the trace already
/// has (a controller's name at every push, the same note at every live reload) holds the
/// trace's copy, and the one it came with is let go at once.
///
/// A trace repeats itself: a thousand saves of a file record a thousand `rebuilt: …` lines
/// alike, and a walk through an app names the same few controllers over and over. Kept as
/// they came, each would be a block of its own, made in the middle of whatever the app was
/// doing then (a reload's thousand views and their storyboard, all let go a moment later)
/// and staying there after it: the memory around them could not be used again whole.
///
/// Texts of up to 15 bytes are held inside the string itself and never looked up, and texts
/// longer than ``longestShared`` (a long text a diff line quotes) are kept as they came. The
/// table is bounded in bytes: past `limit` texts, about 150 KB at most, it starts again
/// empty, so a trace of texts that never repeat keeps little more than it would have.
struct TraceTexts {
    /// The longest text shared, in bytes of UTF-8: names, notes and a diff's lines.
    static let longestShared = 256
    /// How many texts the table holds at most before it starts again.
    let limit: Int
    private var texts: Set<String> = []

    init(limit: Int = 512) {
        self.limit = limit
    }

    /// The trace's copy of `text`, which it keeps from now on if it had none.
    mutating func shared(_ text: String) -> String {
        let length = text.utf8.count
        guard length > 15, length <= Self.longestShared else { return text }
        if let kept = texts.firstIndex(of: text) { return texts[kept] }
        if texts.count >= limit { texts.removeAll(keepingCapacity: true) }
        texts.insert(text)
        return text
    }

    mutating func shared(_ text: String?) -> String? {
        text.map { shared($0) }
    }

    /// `event` holding the trace's copies of its texts.
    mutating func shared(_ event: TraceEvent) -> TraceEvent {
        switch event {
        case .segue(var record):
            record.identifier = shared(record.identifier)
            record.source = shared(record.source)
            record.destination = shared(record.destination)
            return .segue(record)
        case .transition(var record):
            record.source = shared(record.source)
            record.destination = shared(record.destination)
            record.reason = shared(record.reason)
            return .transition(record)
        case .shouldPerform(let controller, let identifier, let result):
            return .shouldPerform(controller: shared(controller), identifier: shared(identifier), result: result)
        case .prepare(let controller, let identifier):
            return .prepare(controller: shared(controller), identifier: shared(identifier))
        case .unwindAction(let controller, let action):
            return .unwindAction(controller: shared(controller), action: shared(action))
        case .action(let controller, let selector):
            return .action(controller: shared(controller), selector: shared(selector))
        case .lifecycle(let controller, let lifecycle):
            return .lifecycle(controller: shared(controller), event: lifecycle)
        case .released(let controller):
            return .released(controller: shared(controller))
        case .note(let text):
            return .note(shared(text))
        case .warning(let text):
            return .warning(shared(text))
        }
    }
}
