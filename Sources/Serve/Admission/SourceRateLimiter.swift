/// A token bucket for each source: how often one address may start something (a connection,
/// a session), in a bounded amount of memory.
///
/// A bucket that has refilled is the same as a new one, so it is dropped: buckets are kept
/// only for sources seen in about the last refill time (`burst / rate` seconds), and looked
/// over for dropping no more often than that, so a crowd of sources costs no more than one
/// pass per refill time. At most `maxSources` buckets are kept; sources beyond them (a
/// client with very many addresses) share one more bucket, so they are still limited, as a
/// whole, to one source's rate.
public struct SourceRateLimiter: Sendable {
    /// Starts a second from one source, after the burst.
    public let rate: Double
    /// Starts one source may make at once.
    public let burst: Int
    /// Buckets kept at most.
    public let maxSources: Int

    private var buckets: [AdmissionSource: TokenBucket] = [:]
    private var overflow: TokenBucket
    private var nextSweep: Double
    private let sweepInterval: Double

    /// A limiter allowing each source `burst` starts at once and `rate` a second after that.
    public init(rate: Double, burst: Int, maxSources: Int = 65_536, now: Double) {
        self.rate = max(0, rate)
        self.burst = max(1, burst)
        self.maxSources = max(1, maxSources)
        overflow = TokenBucket(rate: self.rate, burst: Double(self.burst), now: now)
        // A bucket untouched for this long is full again.
        sweepInterval = self.rate > 0 ? max(1, Double(self.burst) / self.rate) : 60
        nextSweep = now + sweepInterval
    }

    /// Takes a token from `source`'s bucket (made full if it has none): whether it may start.
    public mutating func take(_ source: AdmissionSource, now: Double) -> Bool {
        if now >= nextSweep { sweep(now: now) }
        if buckets[source] != nil {
            return buckets[source]!.take(now: now)
        }
        guard buckets.count < maxSources else { return overflow.take(now: now) }
        var bucket = TokenBucket(rate: rate, burst: Double(burst), now: now)
        let taken = bucket.take(now: now)
        buckets[source] = bucket
        return taken
    }

    /// Sources with a bucket now (for tests and the memory bound).
    public var trackedSources: Int { buckets.count }

    /// Drops the buckets that have refilled.
    private mutating func sweep(now: Double) {
        buckets = buckets.filter { !$0.value.isFull(at: now) }
        nextSweep = now + sweepInterval
    }
}
