/// How many starts each source may make, and how fast: what `AdmissionControl` enforces.
public struct AdmissionPolicy: Sendable, Equatable {
    /// Starts a second from one source once its burst is spent; 0 does not limit the rate.
    public var ratePerSecond: Double
    /// Starts one source may make at once.
    public var burst: Int
    /// Admissions one source may hold at once (each until its ticket is released); nil does
    /// not limit them.
    public var maxOpenPerSource: Int?
    /// Seconds between two logged refusals of one source.
    public var refusalLogInterval: Double
    /// Sources remembered at most by each of the rate limiter and the refusal log; sources
    /// beyond them share one bucket and one log line.
    public var maxTrackedSources: Int

    /// A policy; the defaults are 10 starts a second with a burst of 10 (under the 20 a
    /// second ssh-audit calls safe), no limit on what a source holds, and one logged refusal
    /// a source a minute.
    public init(
        ratePerSecond: Double = 10, burst: Int = 10, maxOpenPerSource: Int? = nil,
        refusalLogInterval: Double = 60, maxTrackedSources: Int = 65_536
    ) {
        self.ratePerSecond = ratePerSecond
        self.burst = burst
        self.maxOpenPerSource = maxOpenPerSource
        self.refusalLogInterval = refusalLogInterval
        self.maxTrackedSources = maxTrackedSources
    }

    /// Nothing limited (refusals of the caller's own are still logged once a minute).
    public static let unlimited = AdmissionPolicy(ratePerSecond: 0)
}
