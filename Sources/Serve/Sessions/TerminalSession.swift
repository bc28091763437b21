import CommandSupport
import Foundation
import Glibc
import Logging
import NIOCore
import NIOPosix

/// What carries a session's bytes to its client and back: an SSH channel or a WebSocket.
/// Called on the session's event loop.
protocol SessionTransport: AnyObject {
    /// Whether the client can take more of the program's output now; while it cannot,
    /// reading from the terminal pauses.
    var canTakeOutput: Bool { get }
    /// Some of the program's output.
    func sessionOutput(_ buffer: ByteBuffer)
    /// The end of one read of the program's output: time to flush.
    func sessionOutputComplete()
    /// The program reads its input again after it stopped: the client's input may be read on.
    func sessionInputResumed()
    /// The program is reaped and its last output has been handed over; `reason` says why
    /// the session ended when it was not the program's own doing.
    func sessionFinished(exit: ProcessExit, reason: TerminalSession.EndReason?)
}

/// The half of a session that does not depend on how the client is connected: the program
/// started on a pseudo-terminal of its own, its limits, the scratch data directory, the
/// recording, the idle timeout, and its end (hang-up, kill grace, reaping, the last output
/// drained). An SSH session channel and a browser's WebSocket each drive one.
final class TerminalSession {
    /// Why a session is being ended by the server or the client rather than by its program.
    enum EndReason: String {
        case clientGone = "client gone"
        case idle = "idle timeout"
        case shutdown = "server shutdown"
    }

    /// Why a session did not start.
    enum StartRefusal: Error {
        /// Every place is taken.
        case full(limit: Int)
        /// The server is stopping.
        case shuttingDown
        /// Something failed; the log says what.
        case failed
    }

    /// What to start, and on what terminal.
    struct Request {
        var target: SessionTarget
        var terminalType: String
        var size: TerminalSize
        var modes: [(opcode: UInt8, value: UInt32)] = []
        /// The client's accepted variables (locale, screen reader…).
        var environment: [String: String] = [:]
        /// Whose data directory the program uses; anonymous sessions get a scratch one.
        var identity: ClientIdentity?
        /// Extra facts for the "session started" line (the key, the address).
        var logMetadata: Logger.Metadata = [:]
    }

    private enum Phase {
        case idle
        case running
        case finished
    }

    /// The program's last output is given this long to arrive after it is reaped.
    private static let drainTime = TimeAmount.seconds(1)
    /// A program asked to end (SIGHUP, SIGTERM) gets this long before SIGKILL.
    private static let killGrace = TimeAmount.seconds(2)
    /// Input typed before the terminal is ready is kept up to this many bytes.
    private static let earlyInputLimit = 64 * 1024

    private let server: ServerState
    let logger: Logger
    private let loop: EventLoop
    /// Held until the session finishes (or does not start), then let go: the two refer to
    /// each other only while the program runs.
    private var transport: (any SessionTransport)?

    private var phase = Phase.idle
    private var reserved = false
    private(set) var pid: pid_t?
    private var master: Int32 = -1
    private var terminal: Channel?
    private weak var terminalHandler: TerminalPipeHandler?
    private var terminalGone = false
    private var earlyInput: [ByteBuffer] = []
    private var earlyInputBytes = 0
    private var inputPending = false
    private var inputHeld = false
    private var exit: ProcessExit?
    private(set) var endReason: EndReason?
    private var started = NIODeadline.now()
    private var lastInput = NIODeadline.now()
    private var idleTask: Scheduled<Void>?
    private var killTask: Scheduled<Void>?
    private var drainTask: Scheduled<Void>?
    private var dataDirectory: URL?
    private var removesDataDirectory = false
    private var recordingPath: String?

    init(server: ServerState, logger: Logger, loop: EventLoop, transport: any SessionTransport) {
        self.server = server
        self.logger = logger
        self.loop = loop
        self.transport = transport
    }

    /// Whether the program runs (started, not yet finished).
    var isRunning: Bool { phase == .running }

    // MARK: - Starting

    /// Takes a place and starts the program; on a refusal nothing is left behind.
    func start(_ request: Request) throws(StartRefusal) {
        guard phase == .idle else { throw .failed }
        guard server.reserveSession() else {
            logger.notice("refused", metadata: ["request": "session", "reason": "\(server.isShuttingDown ? "shutting down" : "server full")"])
            transport = nil
            throw server.isShuttingDown ? .shuttingDown : .full(limit: server.configuration.maxSessions)
        }
        reserved = true
        do {
            let directory = try prepareDataDirectory(for: request.identity)
            let pty = try PseudoTerminal.open(size: request.size, modes: request.modes)
            master = pty.master
            var environment = Self.childEnvironment(request.environment, terminalType: request.terminalType, home: directory.path)
            let executable = server.configuration.executable
            var arguments = Self.runArguments(request.target, dataDirectory: directory.path)
            // A session without a key works on a scratch folder removed at its end: the
            // program says so on its first screen.
            if removesDataDirectory { environment[DiscardedSessionData.environmentVariable] = "1" }
            if let recordDirectory = server.configuration.recordDirectory {
                let who: String
                switch request.identity {
                case .key(let fingerprint): who = fingerprint.directoryName
                case .anonymous, nil: who = "anonymous"
                }
                let path = try SessionRecordingFile.claim(in: recordDirectory, startedAt: time(nil), who: who)
                recordingPath = path
                arguments += ["--record", path]
                // The program puts this on its first screen: people must know they are recorded.
                environment[SessionRecording.environmentVariable] = "1"
            }
            let storeLink = try StoreLink.make(for: request.identity, serving: server.configuration.sessionStore)
            if storeLink != nil { environment[StoreLink.environmentVariable] = "\(SessionSpawner.storeDescriptor)" }
            let bound = NIOLoopBound(self, eventLoop: loop)
            do {
                pid = try server.supervisor.start(on: loop) { () throws(SessionError) -> pid_t in
                    try SessionSpawner.spawn(
                        executable: executable, arguments: arguments, environment: environment,
                        terminalPath: pty.slavePath, workingDirectory: directory.path, store: storeLink?.sessionEnd)
                } onExit: { exit in
                    bound.value.processExited(exit)
                }
            } catch {
                storeLink?.abandon()
                throw error
            }
            storeLink?.hand()
        } catch {
            logger.error("session could not start", metadata: ["error": "\(error)"])
            if let recordingPath { SessionRecordingFile.removeIfEmpty(recordingPath) }
            if master >= 0 {
                Glibc.close(master)
                master = -1
            }
            releaseReservation()
            removeScratchDirectory()
            transport = nil
            throw .failed
        }
        phase = .running
        started = .now()
        lastInput = started
        var metadata = request.logMetadata
        metadata["pid"] = "\(pid ?? 0)"
        metadata["target"] = "\(request.target.label)"
        metadata["term"] = "\(DiagnosticNames.shown(request.terminalType))"
        metadata["size"] = "\(request.size)"
        logger.info("session started", metadata: metadata)
        if let recordingPath {
            logger.info("session recorded", metadata: ["file": "\(DiagnosticNames.shown(recordingPath, limit: 300))"])
        }
        let bound = NIOLoopBound(self, eventLoop: loop)
        let loop = loop
        server.register(ObjectIdentifier(self), ServerState.SessionControl(end: {
            loop.execute { bound.value.end(.shutdown) }
        }))
        attachTerminal()
        scheduleIdleCheck()
    }

    /// `storyboard run` on `target` with its data in `dataDirectory`: the program's arguments
    /// (a session's, and the page's first screen's before `--first-screen-html`).
    static func runArguments(_ target: SessionTarget, dataDirectory: String) -> [String] {
        ["run", target.argument] + target.options + ["--data-dir", dataDirectory]
    }

    /// The program's environment: what a terminal program needs and the client's accepted
    /// variables; nothing of the server's own environment.
    static func childEnvironment(_ accepted: [String: String], terminalType: String, home: String) -> [String: String] {
        var result = accepted
        result["TERM"] = terminalType
        result["HOME"] = home
        result["PATH"] = "/usr/local/bin:/usr/bin:/bin"
        // The screen-reader mode is the client's choice (`SetEnv`, the page's option, or the
        // server's `--screen-reader`), never what an earlier session of the same key left
        // remembered.
        if result[ScreenReaderSetting.environmentVariable] == nil { result[ScreenReaderSetting.environmentVariable] = "0" }
        // Clients that send no locale (most, unless configured to) still get UTF-8.
        if result["LANG"] == nil && result["LC_ALL"] == nil && result["LC_CTYPE"] == nil {
            result["LANG"] = "C.UTF-8"
        }
        // A crash prints its backtrace and ends, rather than waiting at the terminal for a
        // key; set here, so the program need not start itself again to set it.
        result["SWIFT_BACKTRACE"] = "interactive=no,registers=none,images=none"
        return result
    }

    /// The per-key directory, or a fresh one for a session without a key.
    private func prepareDataDirectory(for identity: ClientIdentity?) throws(SessionError) -> URL {
        let configuration = server.configuration
        let directory: URL
        switch identity {
        case .key(let fingerprint):
            directory = configuration.usersDirectory.appendingPathComponent(fingerprint.directoryName, isDirectory: true)
        case .anonymous, nil:
            directory = configuration.scratchDirectory.appendingPathComponent(UUID().uuidString.lowercased(), isDirectory: true)
            removesDataDirectory = true
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed("cannot create the session's data directory \(DiagnosticNames.shown(directory.path, limit: 200)): \(error.localizedDescription)")
        }
        dataDirectory = directory
        return directory
    }

    /// Hands the master to NIO, which then reads the program's output and writes the input.
    private func attachTerminal() {
        let bound = NIOLoopBound(self, eventLoop: loop)
        let descriptor = master
        NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try bound.value.readTerminal(on: channel)
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .whenComplete { result in
                let session = bound.value
                switch result {
                case .success(let channel):
                    session.terminalAttached(channel)
                case .failure(let error):
                    session.logger.error("session terminal failed", metadata: ["error": "\(error)"])
                    Glibc.close(descriptor)
                    session.master = -1
                    session.terminalGone = true
                    session.hangUp()
                }
            }
    }

    /// Reads the program's output from `channel`, the master's, paced by the client.
    func readTerminal(on channel: Channel) throws {
        let handler = TerminalPipeHandler(session: self)
        terminalHandler = handler
        try channel.pipeline.syncOperations.addHandler(handler)
    }

    private func terminalAttached(_ channel: Channel) {
        terminal = channel
        if terminalGone || phase == .finished || endReason == .clientGone {
            channel.close(promise: nil)
            return
        }
        for buffer in earlyInput { channel.write(buffer, promise: nil) }
        if !earlyInput.isEmpty { channel.flush() }
        earlyInput = []
        earlyInputBytes = 0
    }

    // MARK: - Bytes both ways

    /// The client typed (or pasted) `buffer`.
    func input(_ buffer: ByteBuffer) {
        lastInput = .now()
        guard phase == .running else { return }
        if let terminal {
            terminal.write(buffer, promise: nil)
            inputPending = true
        } else if earlyInputBytes + buffer.readableBytes <= Self.earlyInputLimit {
            earlyInput.append(buffer)
            earlyInputBytes += buffer.readableBytes
        }
    }

    /// The end of one read of the client's input.
    func inputComplete() {
        if inputPending {
            inputPending = false
            terminal?.flush()
        }
    }

    /// Whether the program takes input now. While it does not, the transport stops reading
    /// its client (and is told by `sessionInputResumed` when to read on), so the server does
    /// not buffer what a program never reads.
    func canTakeInput() -> Bool {
        if let terminal, !terminal.isWritable {
            inputHeld = true
            return false
        }
        return true
    }

    /// The client can take output again: read on from the terminal.
    func outputResumed() {
        terminalHandler?.resumeReading()
    }

    /// The client's terminal changed size.
    func resize(_ size: TerminalSize) {
        if master >= 0, terminal != nil || phase == .running {
            PseudoTerminal.resize(master: master, to: size)
        }
    }

    /// Whether the client can take more output (asked by the terminal's reader).
    var clientCanTakeOutput: Bool { transport?.canTakeOutput ?? true }

    func terminalOutput(_ buffer: ByteBuffer) {
        transport?.sessionOutput(buffer)
    }

    func terminalOutputComplete() {
        transport?.sessionOutputComplete()
    }

    func terminalWritabilityChanged(_ writable: Bool) {
        guard writable, inputHeld else { return }
        inputHeld = false
        transport?.sessionInputResumed()
    }

    // MARK: - Ending

    /// The program was reaped.
    private func processExited(_ exit: ProcessExit) {
        self.exit = exit
        killTask?.cancel()
        if terminalGone || terminal == nil && master < 0 {
            finish()
        } else {
            // Its last frame may still be in the terminal; the master reads EIO once drained.
            drainTask = loop.assumeIsolated().scheduleTask(in: Self.drainTime) { [self] in
                terminal?.close(promise: nil)
                if terminal == nil { finish() }
            }
        }
    }

    /// The master is closed: the program's output has all been read.
    func terminalClosed() {
        terminalGone = true
        terminal = nil
        master = -1
        if exit != nil {
            finish()
        } else if phase == .running {
            // The program let go of its terminal but runs on: it cannot be used any more.
            hangUp()
        }
    }

    /// Asks the program to end, for `reason`; SIGKILL follows if it does not.
    func end(_ reason: EndReason) {
        guard phase == .running, exit == nil, endReason == nil || reason == .clientGone else { return }
        endReason = reason
        switch reason {
        case .clientGone:
            hangUp()
        case .idle, .shutdown:
            // The terminal is still there: SIGTERM lets the program save and put it back as
            // it was, so the notice that follows is read on the ordinary screen.
            signalProgram(SIGTERM)
            scheduleKill()
        }
    }

    /// The terminal is gone (or unusable): SIGHUP, as a terminal hanging up sends, then SIGKILL.
    private func hangUp() {
        terminal?.close(promise: nil)
        signalProgram(SIGHUP)
        scheduleKill()
    }

    private func signalProgram(_ signal: Int32) {
        guard let pid, exit == nil else { return }
        // The program leads its own process group (it started a session).
        kill(-pid, signal)
    }

    private func scheduleKill() {
        guard killTask == nil, exit == nil else { return }
        killTask = loop.assumeIsolated().scheduleTask(in: Self.killGrace) { [self] in
            logger.warning("session process did not end; killed", metadata: ["pid": "\(pid ?? 0)"])
            signalProgram(SIGKILL)
        }
    }

    private func scheduleIdleCheck() {
        let timeout = server.configuration.idleTimeout
        guard timeout > 0 else { return }
        let limit = TimeAmount.nanoseconds(Int64(timeout * 1e9))
        idleTask = loop.assumeIsolated().scheduleTask(deadline: lastInput + limit) { [self] in
            guard phase == .running else { return }
            if NIODeadline.now() - lastInput >= limit {
                end(.idle)
            } else {
                scheduleIdleCheck()
            }
        }
    }

    /// The program is reaped and its output read (or given up on): log, give the place back,
    /// tell the transport.
    private func finish() {
        guard phase == .running else { return }
        phase = .finished
        idleTask?.cancel()
        killTask?.cancel()
        drainTask?.cancel()
        let exit = exit ?? .exited(255)
        let seconds = Double((NIODeadline.now() - started).nanoseconds) / 1e9
        var metadata: Logger.Metadata = [
            "pid": "\(pid ?? 0)", "status": "\(exit.shellStatus)", "duration": "\(String(format: "%.3f", seconds))s",
        ]
        if case .signalled(let signal) = exit { metadata["signal"] = "\(signal)" }
        if let endReason { metadata["reason"] = "\(endReason.rawValue)" }
        if let recordingPath { SessionRecordingFile.removeIfEmpty(recordingPath) }
        removeScratchDirectory()
        releaseReservation()
        let transport = transport
        self.transport = nil
        transport?.sessionFinished(exit: exit, reason: endReason)
        // Last: once this line is logged, everything the session held has been given back.
        logger.info("session ended", metadata: metadata)
    }

    private func releaseReservation() {
        guard reserved else { return }
        reserved = false
        server.release(ObjectIdentifier(self))
    }

    private func removeScratchDirectory() {
        guard removesDataDirectory, let dataDirectory else { return }
        removesDataDirectory = false
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// How the idle timeout reads in a notice: "30 minutes", "5 s".
    static func describeIdleTimeout(_ seconds: Double) -> String {
        let minutes = seconds / 60
        return minutes >= 1 && minutes == minutes.rounded()
            ? "\(Int(minutes)) minute\(minutes == 1 ? "" : "s")"
            : "\(Int(seconds.rounded())) s"
    }
}
