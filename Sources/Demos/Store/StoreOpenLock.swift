#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock held while a process opens, upgrades and seeds the store.
///
/// Opening reads the list of applied migrations and the seeding decision before it takes
/// SQLite's write lock, so two processes opening a fresh store at once could both try to
/// create the tables. Holding `flock` across the whole open makes the second process wait
/// until the first is done. The kernel drops the lock when a process dies, even by `kill -9`,
/// so a crash never leaves it behind.
enum StoreOpenLock {
    /// Runs `body` holding the lock file `<databasePath>.lock` (created 0600 if missing), waiting
    /// up to `timeout` seconds for another process to release it. Errors name the database.
    static func holding<T>(
        databasePath path: String, timeout: Double, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .openFailed(path: path, reason: "cannot create the lock file \(lockPath): \(errnoText())")
        }
        defer { close(fd) }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64((timeout * 1000).rounded()))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw .openFailed(path: path, reason: "cannot lock \(lockPath): \(errnoText())")
            }
            guard clock.now < deadline else {
                throw .busy(path: path, operation: "opening the store")
            }
            // A holder is mid-upgrade, which takes milliseconds; a blocking flock could hang
            // forever behind a process stopped with Ctrl-Z, so retry against a deadline.
            usleep(5_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
