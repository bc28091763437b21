/// How many things (sessions, connections) each source has open, with a limit per source.
///
/// A source is kept only while it has something open, so memory follows what is open, which
/// the server's other limits bound.
public struct SourceCounter: Sendable {
    /// Open at once from one source, at most.
    public let limit: Int

    private var counts: [AdmissionSource: Int] = [:]

    /// A counter allowing `limit` open at once from each source.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Counts one more open from `source`, or returns false (counting nothing) when it
    /// already has `limit`.
    public mutating func open(_ source: AdmissionSource) -> Bool {
        let count = counts[source, default: 0]
        guard count < limit else { return false }
        counts[source] = count + 1
        return true
    }

    /// Counts one fewer open from `source`.
    public mutating func close(_ source: AdmissionSource) {
        guard let count = counts[source] else { return }
        counts[source] = count > 1 ? count - 1 : nil
    }

    /// How many `source` has open.
    public func count(of source: AdmissionSource) -> Int {
        counts[source, default: 0]
    }

    /// Sources with something open (for tests and the memory bound).
    public var trackedSources: Int { counts.count }
}
