/// One transition the user caused, told whole: what caused it and everything it set off, in
/// the order it happened, with nothing from the transitions before or after it.
///
/// A segue fired by a key, a pop, a dismissal, a tab switch, a fallback for missing code, a
/// push or a presentation made by code: each is one transition. What it sets off while it
/// runs (the embed segues of a scene that loads, a tab switch an unwind action makes, the
/// lifecycle calls, the releases) is listed in `entries`, never as its cause.
public struct TraceTransition: Hashable, Sendable {
    /// Its place in the trace, counted from 1 when the trace was made; clearing the trace
    /// does not restart the count, so a new transition always has a higher number.
    public let number: Int
    /// What caused it: a segue or a transition record; for a segue that
    /// `shouldPerformSegue` refused, the refusal.
    public let cause: TraceEvent
    /// Everything recorded while it ran, besides the cause, oldest first: should-perform
    /// answers, prepares, unwind actions, segues it set off, lifecycle calls, releases,
    /// notes and warnings.
    public let entries: [TraceEvent]
    /// Entries recorded after `NavigationTrace.entryCapacity` was reached, and not kept.
    public let omittedEntries: Int

    public init(number: Int, cause: TraceEvent, entries: [TraceEvent], omittedEntries: Int = 0) {
        self.number = number
        self.cause = cause
        self.entries = entries
        self.omittedEntries = omittedEntries
    }

    /// The one line that names the transition: `show "ShowState": StatesViewController →
    /// StateDetailViewController`, `dismiss: ServerErrorViewController → GameViewController`.
    public var headline: String {
        switch cause {
        case .segue(let record):
            let identifier = record.identifier.map { " \"\($0)\"" } ?? ""
            return "\(record.kind.rawValue)\(identifier): \(record.source) → \(record.destination)"
        case .transition(let record):
            let from = record.source.isEmpty ? "" : "\(record.source) → "
            let reason = record.reason.map { " — \($0)" } ?? ""
            return "\(record.kind.rawValue): \(from)\(record.destination)\(reason)"
        case .shouldPerform(let controller, let identifier, false):
            let name = identifier.map { " \"\($0)\"" } ?? ""
            return "segue\(name) not performed: \(controller).shouldPerformSegue returned false"
        default:
            return cause.description
        }
    }

    /// The entries as text, one a line, oldest first.
    public var lines: [String] { entries.map(\.description) }

    /// The headline, then each entry indented by two spaces, then how many entries were not
    /// kept, if any: the transition as plain text output prints it.
    public var transcript: [String] {
        var result = [headline] + lines.map { "  " + $0 }
        if omittedEntries > 0 { result.append("  … \(omittedEntries) more not kept") }
        return result
    }

    /// The segues of this transition: its cause's, then those it set off (embeds), in order.
    public var segues: [SegueRecord] {
        ([cause] + entries).compactMap { event in
            if case .segue(let record) = event { record } else { nil }
        }
    }
}
