#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value reached only while holding a mutex: what lets a value that is not thread-safe (the
/// demo store's one connection, a folder's walk made on first use) sit behind a `Sendable`
/// type. The one lock wrapper of the package.
///
/// A pthread mutex rather than `Synchronization.Mutex`, which needs macOS 15 while the package
/// supports macOS 13. It is error-checking: taking it again on the thread that holds it (a
/// store method called from inside another's body) stops the program with a message instead
/// of hanging it.
package final class Locked<Value>: @unchecked Sendable {
    // Heap-allocated: a pthread mutex must not move, and a stored property has no fixed address.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the mutex; callers on other threads wait.
    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "a lock was taken again by the thread holding it (error \(status))")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
