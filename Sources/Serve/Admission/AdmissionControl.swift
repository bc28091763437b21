import NIOConcurrencyHelpers

/// Per-source admission control for a listener, whatever it speaks (SSH, WebSocket): checked
/// when a connection or session would start, before it costs anything (a key exchange, a
/// process), so that one address cannot take the server's CPU or slots from everyone else.
///
/// A source may start `burst` at once and `ratePerSecond` a second after that (a token bucket
/// each), and hold `maxOpenPerSource` at once when that is set. Refusals are logged once per
/// source per minute: `admit` says when a refusal is to be logged, and `noteRefusal` does
/// the same for the caller's own refusals (a server full, a global limit). One instance may
/// serve several listeners, so a source has one budget across them. Thread-safe.
public final class AdmissionControl: @unchecked Sendable {
    /// What it enforces.
    public let policy: AdmissionPolicy

    private let clock: AdmissionClock
    private let lock = NIOLock()
    private var rates: SourceRateLimiter
    private var open: SourceCounter?
    private var refusals: RefusalLogLimiter

    /// Admission control enforcing `policy`, reading time from `clock`.
    public init(policy: AdmissionPolicy, clock: AdmissionClock = .monotonic) {
        self.policy = policy
        self.clock = clock
        let now = clock.now()
        rates = SourceRateLimiter(rate: policy.ratePerSecond, burst: policy.burst, maxSources: policy.maxTrackedSources, now: now)
        open = policy.maxOpenPerSource.map(SourceCounter.init(limit:))
        refusals = RefusalLogLimiter(interval: policy.refusalLogInterval, maxSources: policy.maxTrackedSources, now: now)
    }

    /// Asks to start one more from `source`: a ticket to release when it ends, or a refusal.
    /// A refusal spends nothing of the source's budget.
    public func admit(_ source: AdmissionSource) -> AdmissionDecision {
        let now = clock.now()
        return lock.withLock {
            if let open, open.count(of: source) >= open.limit {
                return .refused(refusal(of: source, .tooManyOpen, now: now))
            }
            if policy.ratePerSecond > 0, !rates.take(source, now: now) {
                return .refused(refusal(of: source, .rate, now: now))
            }
            _ = open?.open(source)
            return .admitted(AdmissionTicket(source: source, control: open == nil ? nil : self))
        }
    }

    /// Notes a refusal the caller made for its own reason: nil when it is not to be logged,
    /// otherwise how many refusals of `source` went unlogged since its last logged one.
    public func noteRefusal(of source: AdmissionSource) -> Int? {
        let now = clock.now()
        return lock.withLock { refusals.note(source, now: now) }
    }

    /// What `source` holds now.
    public func openCount(of source: AdmissionSource) -> Int {
        lock.withLock { open?.count(of: source) ?? 0 }
    }

    /// Sources remembered now by the rate limiter, the open counts and the refusal log (for
    /// tests of the memory bound).
    public var trackedSources: (rates: Int, open: Int, refusals: Int) {
        lock.withLock { (rates.trackedSources, open?.trackedSources ?? 0, refusals.trackedSources) }
    }

    fileprivate func release(_ source: AdmissionSource) {
        lock.withLock { open?.close(source) }
    }

    /// Call under the lock.
    private func refusal(of source: AdmissionSource, _ reason: AdmissionRefusal.Reason, now: Double) -> AdmissionRefusal {
        let unlogged = refusals.note(source, now: now)
        return AdmissionRefusal(source: source, reason: reason, shouldLog: unlogged != nil, unloggedBefore: unlogged ?? 0)
    }
}

/// `AdmissionControl.admit`'s answer.
public enum AdmissionDecision: Sendable {
    /// Go ahead; release the ticket when what was started ends.
    case admitted(AdmissionTicket)
    /// Close without starting anything.
    case refused(AdmissionRefusal)
}

/// A refused start, and whether to log it.
public struct AdmissionRefusal: Sendable, Equatable {
    /// Why a source was refused.
    public enum Reason: String, Sendable {
        /// It started too many too fast (its bucket is empty).
        case rate = "too many new connections from this address"
        /// It holds `maxOpenPerSource` already.
        case tooManyOpen = "too many open from this address"
    }

    /// Who was refused.
    public let source: AdmissionSource
    /// Why.
    public let reason: Reason
    /// Whether this refusal is the source's one logged line for the minute.
    public let shouldLog: Bool
    /// When logged: the source's refusals not logged since its last logged one.
    public let unloggedBefore: Int
}

/// An admitted start, held until it ends: `release()` gives its place back to the source's
/// open count. Releasing twice (or never admitting to a count) is harmless.
public final class AdmissionTicket: Sendable {
    /// Who was admitted.
    public let source: AdmissionSource
    private let control: AdmissionControl?
    private let released = NIOLockedValueBox(false)

    fileprivate init(source: AdmissionSource, control: AdmissionControl?) {
        self.source = source
        self.control = control
    }

    /// Gives the place back (once; later calls do nothing).
    public func release() {
        let first = released.withLockedValue { released -> Bool in
            defer { released = true }
            return !released
        }
        if first { control?.release(source) }
    }
}
