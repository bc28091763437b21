#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value worked out the first time it is asked for, then kept: a folder's walk that a
/// command may never need (``StoryboardTarget/index`` of a lone file, which `diff` of two
/// files never reads). Safe to ask from any thread; the work runs once.
final class WalkedOnce<Value>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var work: (@Sendable () -> Value)?
    private var kept: Value?

    /// A value to work out on first use.
    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        pthread_mutex_init(lock, nil)
    }

    /// A value already at hand.
    init(walked value: Value) {
        kept = value
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    var value: Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let kept { return kept }
        let value = work!()
        kept = value
        work = nil
        return value
    }
}
