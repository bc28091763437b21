#if canImport(Glibc)
    import Glibc
#endif

/// Tells when files in some folders change, through Linux's inotify: no polling, one
/// descriptor a loop can wait on beside its other input.
///
/// It watches folders, not files: an editor that saves by writing a new file and renaming
/// it over the old one (most do, Xcode too) replaces the inode a watch on the file would
/// hold. In a folder it hears a file written and closed (an in-place rewrite), renamed in or
/// out, deleted, and a folder made (`git checkout` adding an `.lproj`). A file still being
/// written is not heard until it is closed; one seen half-written (a tool that writes in
/// steps) is heard again when the rest arrives.
///
/// Changes are coalesced: ``takeChanges()`` reads what is queued, then keeps reading until
/// the folders have been quiet for ``quietPeriod`` (at most ``longestBurst`` in all), so a
/// branch switch changing many files is read once.
public final class FileWatcher {
    /// The descriptor to wait on (`poll(2)` for reading): readable when a change is queued.
    public let descriptor: Int32
    /// How long the folders must be quiet before a burst of changes counts as over.
    public var quietPeriod: Duration = .milliseconds(8)
    /// The longest a burst is waited out: a folder that never goes quiet still reloads.
    public var longestBurst: Duration = .milliseconds(250)
    /// Whether a file name is one the watcher reports; others (swap files, editors' temporary
    /// copies) are read and dropped.
    private let isWatched: (String) -> Bool
    /// The folders watched, by watch descriptor, as absolute paths.
    private var folders: [Int32: String] = [:]
    /// Folders that could not be watched, with the system's reason.
    public private(set) var problems: [String] = []

    /// The events the watcher asks for on each folder.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// A watcher reporting the files whose names `isWatched` accepts. Fails with the system's
    /// reason when inotify is not available (a container without it, the per-user limit on
    /// instances reached).
    public init(reporting isWatched: @escaping (String) -> Bool) throws(FileWatcherError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileWatcherError(reason: String(cString: strerror(errno))) }
        self.descriptor = descriptor
        self.isWatched = isWatched
    }

    deinit {
        close(descriptor)
    }

    /// The folders watched, absolute, sorted.
    public var watchedFolders: [String] { folders.values.sorted() }

    /// Watches exactly `paths` (folders) from now on: new ones are added, those no longer
    /// named are dropped. A folder that cannot be watched (gone, unreadable, the per-user
    /// limit on watches reached) is listed in ``problems`` and the rest are still watched.
    public func watch(folders paths: [String]) {
        let wanted = Set(paths)
        problems = []
        for (watch, path) in folders where !wanted.contains(path) {
            inotify_rm_watch(descriptor, watch)
            folders[watch] = nil
        }
        for path in wanted.sorted() {
            let watch = inotify_add_watch(descriptor, path, Self.mask | UInt32(IN_ONLYDIR))
            if watch < 0 {
                let reason = errno == ENOSPC
                    ? "the limit on inotify watches is reached (fs.inotify.max_user_watches)" : String(cString: strerror(errno))
                problems.append("cannot watch \(path): \(reason)")
                continue
            }
            // The same folder again gives the same watch.
            folders[watch] = path
        }
    }

    /// The files changed since the last call, as absolute paths, once the folders have gone
    /// quiet; empty when nothing watched changed (only swap files, say). Waits at most
    /// ``longestBurst``; returns at once when nothing is queued.
    ///
    /// A folder made or removed is reported by its own path, so a caller walking its files
    /// again sees what it holds.
    public func takeChanges() -> Set<String> {
        var changed: Set<String> = []
        guard readQueued(into: &changed) else { return changed }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: longestBurst)
        while clock.now < end {
            let wait = min(quietPeriod, clock.now.duration(to: end))
            guard Self.waitReadable(descriptor, for: wait), readQueued(into: &changed) else { break }
        }
        return changed
    }

    /// Reads every queued event, adding the watched files they name; false when none was queued.
    private func readQueued(into changed: inout Set<String>) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var readAny = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            readAny = true
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + headerSize)..<min(count, offset + headerSize + length)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += headerSize + length
                    note(watch: watch, mask: mask, name: name, into: &changed)
                }
            }
        }
        return readAny
    }

    /// Adds what one event says changed.
    private func note(watch: Int32, mask: UInt32, name: String, into changed: inout Set<String>) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every folder may have changed.
            changed.formUnion(folders.values)
            return
        }
        guard let folder = folders[watch] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The folder itself went away (removed, or renamed off): its watch is gone.
            folders[watch] = nil
            changed.insert(folder)
            return
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            changed.insert(folder)
            return
        }
        guard !name.isEmpty else { return }
        let path = folder + "/" + name
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM) != 0 { changed.insert(path) }
            return
        }
        // A file made is heard when it is closed (or renamed into place): it is empty now.
        if mask & UInt32(IN_CREATE) != 0 { return }
        if isWatched(name) { changed.insert(path) }
    }

    /// Waits up to `duration` for `descriptor` to be readable.
    static func waitReadable(_ descriptor: Int32, for duration: Duration) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int32(clamping: seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Waits up to `duration` for a change to be queued; true when one is. What a caller
    /// without a loop of its own (a test, a benchmark) waits with.
    public func waitForChange(within duration: Duration) -> Bool {
        Self.waitReadable(descriptor, for: duration)
    }
}

/// Why a ``FileWatcher`` could not start, in the system's words.
public struct FileWatcherError: Error, CustomStringConvertible, Sendable {
    public let reason: String
    public var description: String { "cannot watch files: \(reason)" }
}
