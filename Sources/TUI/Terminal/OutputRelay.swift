import CCurses
import Glibc

/// Passes everything written for the terminal on to it and to a recorder: the tee behind
/// `storyboard run --record`.
///
/// Curses writes with `write(2)` on its own descriptor, never through the `FILE` it is given,
/// so a recording cannot hook its stream. Instead that descriptor is pointed at a pipe
/// (`dup2`), and a thread of the relay reads the pipe and writes each piece to the terminal
/// and to the recorder, in the order written. A thread, because a frame may be larger than
/// any pipe: curses would block on a full pipe that only its own thread could empty.
///
/// Curses writes a frame in many small pieces (a `write` every line or so). Each piece is
/// forwarded at once, but the recording gets one event per burst: pieces that follow within
/// `burstGap` of one another are recorded together, at the time of the first. Reads and
/// forwarding happen under a lock, so `whenForwarded` can run something (record a resize) at
/// a moment when everything written before it has reached the recorder.
final class OutputRelay: @unchecked Sendable {
    private let readEnd: Int32
    /// Where the bytes go on: a descriptor of the terminal of the relay's own.
    private let terminal: Int32
    private let recorder: AsciicastRecorder
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var thread: pthread_t?
    private var terminalGone = false
    /// What was forwarded but not recorded yet (the burst so far), and when it began.
    private var burst: [UInt8] = []
    private var burstStart = 0
    /// How long a burst waits for its next piece, in milliseconds.
    static let burstGap: Int32 = 3
    /// The descriptor the relay took over, and the pipe end it now holds.
    private let takenOver: Int32

    /// Points `descriptor` (which writes to the terminal) at the relay and starts relaying;
    /// nil when a pipe, a descriptor or the thread cannot be had (the session then runs
    /// unrecorded).
    init?(takingOver descriptor: Int32, recorder: AsciicastRecorder) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        // Room for a large frame at once (Linux's F_SETPIPE_SZ, which Glibc's module does not
        // show); the thread keeps up either way.
        #if os(Linux)
        _ = fcntl(ends[0], 1031, 1 << 20)
        #endif
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        terminal = copy
        self.recorder = recorder
        takenOver = descriptor
        pthread_mutex_init(mutex, nil)
        var started = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&started, nil, { context in
            let relay = Unmanaged<OutputRelay>.fromOpaque(context!).takeRetainedValue()
            relay.pump()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<OutputRelay>.fromOpaque(context).release()
            close(ends[0])
            close(ends[1])
            close(copy)
            return nil
        }
        thread = started
        // From here on what is written on `descriptor` goes through the pipe.
        _ = dup2(ends[1], descriptor)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        close(ends[1])
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` once everything written so far has been forwarded and recorded.
    func whenForwarded(_ body: () -> Void) {
        // Bounded: a terminal that stopped reading must not hang the app here.
        for _ in 0..<2000 {
            pthread_mutex_lock(mutex)
            var pending: Int32 = 0
            if ioctl(readEnd, UInt(FIONREAD), &pending) != 0 || pending == 0 {
                recordBurst()
                body()
                pthread_mutex_unlock(mutex)
                return
            }
            pthread_mutex_unlock(mutex)
            usleep(500)
        }
        body()
    }

    /// Points the descriptor back at the terminal, forwards what is still in the pipe and
    /// stops the thread. Nothing written afterwards is recorded.
    func stop() {
        guard let thread else { return }
        self.thread = nil
        // The pipe's last write end closes with this, so the thread reads to the end and stops.
        _ = dup2(terminal, takenOver)
        _ = fcntl(takenOver, F_SETFD, FD_CLOEXEC)
        pthread_join(thread, nil)
        close(readEnd)
        close(terminal)
    }

    /// The thread: read what is there, pass it on, until the pipe's write end is closed.
    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            // Waiting inside a burst is short: when it ends, the burst is recorded.
            let ready = poll(&descriptor, 1, burst.isEmpty ? -1 : Self.burstGap)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            pthread_mutex_lock(mutex)
            if ready == 0 {
                recordBurst()
                pthread_mutex_unlock(mutex)
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                forward(buffer[0..<count])
                if burst.isEmpty { burstStart = recorder.elapsed() }
                burst += buffer[0..<count]
            }
            let ended = count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)
            if ended { recordBurst() }
            pthread_mutex_unlock(mutex)
            if ended { return }
        }
        pthread_mutex_lock(mutex)
        recordBurst()
        pthread_mutex_unlock(mutex)
    }

    /// Hands the burst so far to the recorder (under the lock).
    private func recordBurst() {
        guard !burst.isEmpty else { return }
        recorder.output(burst, at: burstStart)
        burst.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` to the terminal; once that fails (a hang-up) the rest is only recorded.
    private func forward(_ bytes: ArraySlice<UInt8>) {
        guard !terminalGone else { return }
        var done = bytes.startIndex
        while done < bytes.endIndex {
            let count = bytes[done...].withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            if count > 0 {
                done += count
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                if errno == EAGAIN {
                    var descriptor = pollfd(fd: terminal, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                }
            } else {
                terminalGone = true
                return
            }
        }
    }
}
