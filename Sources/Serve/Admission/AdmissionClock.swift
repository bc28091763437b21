import NIOCore

/// The time admission control reads: seconds on a clock that only goes forward. Tests give
/// one they move by hand.
public struct AdmissionClock: Sendable {
    /// Seconds since some fixed point; never smaller than a value it returned before.
    public let now: @Sendable () -> Double

    /// A clock reading `now`.
    public init(now: @escaping @Sendable () -> Double) {
        self.now = now
    }

    /// The system's monotonic clock (wall-clock changes do not move it).
    public static let monotonic = AdmissionClock { Double(NIODeadline.now().uptimeNanoseconds) / 1e9 }
}
