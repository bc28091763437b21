import Flow

/// A value worked out the first time it is asked for, then kept: a folder's walk that a
/// command may never need (``StoryboardTarget/index`` of a lone file, which `diff` of two
/// files never reads). Safe to ask from any thread; the work runs once.
final class WalkedOnce<Value>: @unchecked Sendable {
    /// The work still to do, or the value it gave.
    private let state: Locked<(work: (@Sendable () -> Value)?, kept: Value?)>

    /// A value to work out on first use.
    init(_ work: @escaping @Sendable () -> Value) {
        state = Locked((work, nil))
    }

    /// A value already at hand.
    init(walked value: Value) {
        state = Locked((nil, value))
    }

    var value: Value {
        state.withLock { state in
            if let kept = state.kept { return kept }
            let value = state.work!()
            state = (nil, value)
            return value
        }
    }
}
