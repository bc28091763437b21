import Glibc

/// Records a live session to an asciicast v2 file as it happens: what the terminal back end
/// writes, with the time it was written, and the terminal's resizes.
///
/// The file is opened (created readable by its owner only, since a session may show private
/// data) when the recorder is made, so a bad path fails before the screen is taken; an
/// existing file is emptied only when the recording starts, and one this recorder created is
/// removed by `abandon()` if the session never starts. Every event is written at once with `write(2)`, so a recording cut short by a crash
/// or `kill -9` is still a valid file up to its last frame. Events may come from two threads
/// (the output relay and the shell's), so each is written under a lock. A write that fails
/// (a full disk) ends the recording, never the session: `failure` says why afterwards.
public final class AsciicastRecorder: @unchecked Sendable {
    /// The file, as given.
    public let path: String
    /// What the header calls the recording.
    public let title: String?

    private var descriptor: Int32
    /// Whether the file did not exist before.
    private let created: Bool
    private var started: timespec?
    private var text = UTF8Chunks()
    /// Allocated, so the mutex never moves (a C mutex must keep its address).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var failed: String?
    /// The time of the last event written: events never go back in time.
    private var lastTime = 0

    /// Opens `path` for a new recording titled `title`.
    public init(path: String, title: String?) throws(RecordingError) {
        var opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        created = opened >= 0
        if opened < 0 && errno == EEXIST {
            opened = open(path, O_WRONLY | O_CLOEXEC)
        }
        guard opened >= 0 else { throw RecordingError(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(opened, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(opened)
            throw RecordingError(path: path, reason: "not a regular file")
        }
        descriptor = opened
        self.path = path
        self.title = title
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        finish()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Why the recording stopped before the session ended (a write failed), if it did.
    public var failure: String? {
        locked { failed }
    }

    /// Whether the recording has begun and not finished.
    public var isRecording: Bool {
        locked { started != nil && descriptor >= 0 }
    }

    /// Writes the header for a terminal of `size` and type `terminalType`, and starts the clock.
    public func start(size: Size, terminalType: String?) {
        locked {
            guard started == nil, descriptor >= 0 else { return }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            started = now
            _ = ftruncate(descriptor, 0)
            let header = Asciicast.Header(
                width: size.width, height: size.height, timestamp: Int(time(nil)), title: title,
                terminalType: terminalType)
            append(Asciicast.headerLine(header))
        }
    }

    /// Records bytes written to the terminal, now or at `time` (microseconds since the start,
    /// as `elapsed()` said when they were written).
    public func output(_ bytes: some Collection<UInt8>, at time: Int? = nil) {
        locked {
            guard started != nil, descriptor >= 0 else { return }
            let shown = text.decode(bytes)
            guard !shown.isEmpty else { return }
            event(.output, shown, at: time ?? elapsedSinceStart())
        }
    }

    /// Microseconds since the recording started (0 before).
    public func elapsed() -> Int {
        locked { elapsedSinceStart() }
    }

    /// Records that the terminal took a new size.
    public func resize(to size: Size) {
        locked {
            guard started != nil, descriptor >= 0 else { return }
            event(.resize, Asciicast.resizeData(size), at: elapsedSinceStart())
        }
    }

    /// Gives up before the recording started (the terminal could not be opened): closes the
    /// file, and removes it if this recorder created it.
    public func abandon() {
        locked {
            guard descriptor >= 0, started == nil else { return }
            close(descriptor)
            descriptor = -1
            if created { unlink(path) }
        }
    }

    /// Ends the recording early, remembering `reason` as its failure.
    func fail(_ reason: String) {
        locked {
            guard descriptor >= 0 else { return }
            failed = reason
            close(descriptor)
            descriptor = -1
        }
    }

    /// Ends the recording and closes the file. Safe to call twice.
    public func finish() {
        locked {
            guard descriptor >= 0 else { return }
            let rest = text.finish()
            if started != nil, !rest.isEmpty {
                event(.output, rest, at: elapsedSinceStart())
            }
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
        }
    }

    // MARK: - Writing

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Microseconds since `start` (under the lock).
    private func elapsedSinceStart() -> Int {
        guard let started else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return (now.tv_sec - started.tv_sec) * 1_000_000 + (now.tv_nsec - started.tv_nsec) / 1000
    }

    /// Writes an event at `time`, or at the last event's time if that is later: events come
    /// from two threads, and a file's times never go back.
    private func event(_ kind: Asciicast.EventKind, _ data: String, at time: Int) {
        lastTime = max(time, lastTime)
        append(Asciicast.eventLine(microseconds: lastTime, kind, data))
    }

    /// Writes `line` whole; on failure closes the file and remembers why.
    private func append(_ line: String) {
        var bytes = Array(line.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                failed = count < 0 ? String(cString: strerror(errno)) : "nothing could be written"
                close(descriptor)
                descriptor = -1
                return
            }
        }
        bytes.removeAll()
    }
}

/// A recording file that could not be opened.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var path: String
    /// The system's reason.
    public var reason: String

    /// One line naming the file and the reason, safe to print.
    public var description: String {
        "cannot record to \(Sanitizer.sanitize(path)): \(reason)"
    }
}
