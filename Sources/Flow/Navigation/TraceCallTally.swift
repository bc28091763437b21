/// The lifecycle calls and releases a stretch of the runtime set off, counted rather than
/// recorded (``NavigationTrace/tallyingCalls(_:)``): the calls of the controllers a live
/// reload makes again and lets go, which are the same every save.
public struct TraceCallTally: Hashable, Sendable {
    /// How many times each lifecycle call was made.
    public private(set) var lifecycle: [LifecycleEvent: Int] = [:]
    /// How many controllers were released.
    public private(set) var released = 0

    public init() {}

    /// Counts `event` if it is a call this tally sums up; false for any other event, which
    /// the trace records as usual.
    mutating func count(_ event: TraceEvent) -> Bool {
        switch event {
        case .lifecycle(_, let call):
            lifecycle[call, default: 0] += 1
            return true
        case .released:
            released += 1
            return true
        default:
            return false
        }
    }

    /// Adds what `other` counted.
    public static func + (tally: TraceCallTally, other: TraceCallTally) -> TraceCallTally {
        var sum = tally
        sum.lifecycle.merge(other.lifecycle, uniquingKeysWith: +)
        sum.released += other.released
        return sum
    }

    /// The calls counted, in the order of a controller's life: `2 viewDidLoad, 2
    /// viewWillAppear, 2 viewDidAppear, 2 released`; nil when nothing was counted.
    public var summary: String? {
        let order: [LifecycleEvent] = [.viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear]
        var parts = order.compactMap { call in lifecycle[call].map { "\($0) \(call.rawValue)" } }
        if released > 0 { parts.append("\(released) released") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
