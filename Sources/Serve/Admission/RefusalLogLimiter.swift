/// Decides which refusals are logged: the first from a source, then one a minute (each
/// `interval`) while it keeps being refused, so a flood of connections is a line a minute in
/// the log, not a line a connection. Each logged line can say how many refusals went
/// unlogged since the one before.
///
/// Sources are forgotten once their interval is over (two, when refusals went unlogged, so
/// the next line can count them); at most `maxSources` are remembered, and refusals of
/// sources beyond them are logged once an interval all together.
public struct RefusalLogLimiter: Sendable {
    /// Seconds between two logged refusals of one source.
    public let interval: Double
    /// Sources remembered at most.
    public let maxSources: Int

    private struct Entry: Sendable {
        var logged: Double
        var unlogged: Int
    }

    private var entries: [AdmissionSource: Entry] = [:]
    private var overflow: Entry?
    private var nextSweep: Double

    /// A limiter logging one refusal a source every `interval` seconds.
    public init(interval: Double = 60, maxSources: Int = 65_536, now: Double) {
        self.interval = max(0, interval)
        self.maxSources = max(1, maxSources)
        nextSweep = now + self.interval
    }

    /// Notes a refusal of `source`: nil when it should not be logged; otherwise how many
    /// refusals of that source went unlogged since its last logged one (0 for its first).
    public mutating func note(_ source: AdmissionSource, now: Double) -> Int? {
        if now >= nextSweep {
            // Unlogged refusals are kept for the source's next line, for one interval more.
            entries = entries.filter { now - $0.value.logged < interval * ($0.value.unlogged > 0 ? 2 : 1) }
            if let entry = overflow, now - entry.logged >= interval, entry.unlogged == 0 { overflow = nil }
            nextSweep = now + interval
        }
        if var entry = entries[source] {
            defer { entries[source] = entry }
            return Self.note(&entry, now: now, interval: interval)
        }
        guard entries.count < maxSources else {
            guard var entry = overflow else {
                overflow = Entry(logged: now, unlogged: 0)
                return 0
            }
            defer { overflow = entry }
            return Self.note(&entry, now: now, interval: interval)
        }
        entries[source] = Entry(logged: now, unlogged: 0)
        return 0
    }

    /// Sources remembered now (for tests and the memory bound).
    public var trackedSources: Int { entries.count }

    private static func note(_ entry: inout Entry, now: Double, interval: Double) -> Int? {
        guard now - entry.logged >= interval else {
            entry.unlogged += 1
            return nil
        }
        let unlogged = entry.unlogged
        entry = Entry(logged: now, unlogged: 0)
        return unlogged
    }
}
