/// A token bucket: `burst` tokens at most, refilled at `rate` a second; each admission takes
/// one. A source may arrive `burst` times at once, then `rate` times a second.
public struct TokenBucket: Sendable {
    /// Tokens added a second.
    public let rate: Double
    /// Tokens the bucket holds at most (and holds when new).
    public let burst: Double
    /// Tokens in the bucket at `updated`.
    private var tokens: Double
    /// When `tokens` was last brought up to date.
    private var updated: Double

    /// A full bucket at `now`.
    public init(rate: Double, burst: Double, now: Double) {
        self.rate = max(0, rate)
        self.burst = max(0, burst)
        tokens = self.burst
        updated = now
    }

    /// Takes a token if there is one.
    public mutating func take(now: Double) -> Bool {
        tokens = level(at: now)
        updated = max(updated, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Whether the bucket has refilled completely by `now`: it then says nothing a new bucket
    /// would not, and can be forgotten.
    public func isFull(at now: Double) -> Bool {
        level(at: now) >= burst
    }

    /// The tokens there would be at `now` (a clock that seems to go back adds none).
    private func level(at now: Double) -> Double {
        min(burst, tokens + max(0, now - updated) * rate)
    }
}
