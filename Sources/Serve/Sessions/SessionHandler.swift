import CommandSupport
import Foundation
import Glibc
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel: it takes the client's requests (a terminal, a few environment
/// variables, then a shell or the name of a storyboard), starts `storyboard run` on a
/// pseudo-terminal of its own, and carries bytes both ways until the program or the client
/// goes. Everything else a session may ask for (subsystems, commands, other variables) is
/// refused.
///
/// The end is always the same path: the program is reaped and its last output has reached
/// the client; then a notice if there is one, the exit status, and the channel closes.
final class SessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = Never
    typealias OutboundOut = SSHChannelData

    /// Why a session is being ended by the server or the client rather than by its program.
    enum EndReason: String {
        case clientGone = "client gone"
        case idle = "idle timeout"
        case shutdown = "server shutdown"
    }

    private enum Phase {
        /// Taking requests; nothing started.
        case configuring
        /// The program runs.
        case running
        /// Done: the program is reaped (or never started) and the close is under way.
        case finished
    }

    /// The program's last output is given this long to arrive after it is reaped.
    private static let drainTime = TimeAmount.seconds(1)
    /// A program asked to end (SIGHUP, SIGTERM) gets this long before SIGKILL.
    private static let killGrace = TimeAmount.seconds(2)
    /// Input typed before the terminal is ready is kept up to this many bytes.
    private static let earlyInputLimit = 64 * 1024
    /// What undoes full-screen mode when the program could not: reset attributes, leave the
    /// alternate screen, show the cursor, stop mouse and paste reporting.
    static let terminalRestore = "\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l"

    private let server: ServerState
    private let connection: Connection
    private let logger: Logger
    private let number: Int
    private var context: ChannelHandlerContext?
    private var loop: EventLoop?

    private var terminalType: String?
    private var terminalSize = TerminalSize(columns: 80, rows: 24)
    private var terminalModes: [(opcode: UInt8, value: UInt32)] = []
    private var environment: [String: String] = [:]

    private var phase = Phase.configuring
    private var reserved = false
    private var pid: pid_t?
    private var master: Int32 = -1
    private var terminal: Channel?
    private weak var terminalHandler: TerminalPipeHandler?
    private var terminalGone = false
    private var earlyInput: [ByteBuffer] = []
    private var earlyInputBytes = 0
    private var inputPending = false
    private var readHeld = false
    private var exit: ProcessExit?
    private var endReason: EndReason?
    private var started = NIODeadline.now()
    private var lastInput = NIODeadline.now()
    private var idleTask: Scheduled<Void>?
    private var killTask: Scheduled<Void>?
    private var drainTask: Scheduled<Void>?
    private var lastWrite: EventLoopFuture<Void>?
    private var targetLabel = ""
    private var dataDirectory: URL?
    private var removesDataDirectory = false
    /// The session's recording, when the server records sessions.
    private var recordingPath: String?

    init(server: ServerState, connection: Connection) {
        self.server = server
        self.connection = connection
        connection.openSessions += 1
        connection.channelsOpened += 1
        self.number = connection.channelsOpened
        var logger = connection.logger
        logger[metadataKey: "session"] = "\(connection.number).\(number)"
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        self.loop = context.eventLoop
        // A client's EOF only means it will type no more; the program decides when to end.
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // MARK: - Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            guard phase == .configuring, terminalType == nil else { return reply(false, to: request.wantReply) }
            let type = SessionPolicy.terminalType(request.term)
            if type == nil {
                logger.notice("terminal type replaced", metadata: ["term": "\(DiagnosticNames.shown(request.term))", "used": "xterm-256color"])
            }
            terminalType = type ?? "xterm-256color"
            terminalSize = TerminalSize(
                columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
                pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight)
            terminalModes = request.terminalModes.modeMapping.map { (opcode: $0.key.rawValue, value: $0.value.rawValue) }
            reply(true, to: request.wantReply)

        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            if phase == .configuring, SessionPolicy.acceptsVariable(named: request.name),
                let value = SessionPolicy.value(request.value, forVariable: request.name)
            {
                environment[request.name] = value
                reply(true, to: request.wantReply)
            } else {
                logger.notice("refused", metadata: ["request": "env", "name": "\(DiagnosticNames.shown(request.name, limit: 32))"])
                reply(false, to: request.wantReply)
            }

        case let request as SSHChannelRequestEvent.ShellRequest:
            start(server.configuration.defaultTarget, wantReply: request.wantReply)

        case let request as SSHChannelRequestEvent.ExecRequest:
            if let name = SessionPolicy.execName(request.command), let target = server.configuration.execTarget(name) {
                start(target, wantReply: request.wantReply)
            } else {
                logger.notice("refused", metadata: ["request": "exec", "command": "\(DiagnosticNames.shown(request.command))"])
                let names = server.configuration.execNames.joined(separator: ", ")
                refuse(
                    "storyboard: nothing to run for \(DiagnosticNames.shown(request.command, limit: 40)): "
                        + "ask for a storyboard by name (\(names)) or for nothing",
                    status: 2, wantReply: request.wantReply)
            }

        case let request as SSHChannelRequestEvent.SubsystemRequest:
            logger.notice("refused", metadata: ["request": "subsystem", "name": "\(DiagnosticNames.shown(request.subsystem, limit: 32))"])
            reply(false, to: request.wantReply)
            if phase == .configuring {
                phase = .finished
                context.close(promise: nil)
            }

        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            terminalSize = TerminalSize(
                columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
                pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight)
            if master >= 0, terminal != nil || phase == .running {
                PseudoTerminal.resize(master: master, to: terminalSize)
            }

        case is SSHChannelRequestEvent.SignalRequest:
            // The program's signals come from its terminal (Ctrl-C, Ctrl-Z), as at a local one.
            break

        case let event as ChannelEvent where event == .inputClosed:
            break

        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ success: Bool, to wantReply: Bool) {
        guard wantReply, let context else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// Ends a session that will not start: one line on standard error, the status, the close.
    private func refuse(_ message: String, status: Int32, wantReply: Bool) {
        guard phase == .configuring else { return reply(false, to: wantReply) }
        phase = .finished
        reply(true, to: wantReply)
        writeError(message)
        closeWithStatus(status)
    }

    // MARK: - Starting

    private func start(_ target: SessionTarget, wantReply: Bool) {
        guard phase == .configuring, let context else { return reply(false, to: wantReply) }
        guard let terminalType else {
            logger.notice("refused", metadata: ["request": "session without a terminal"])
            return refuse("storyboard: needs a terminal: use ssh -t", status: 1, wantReply: wantReply)
        }
        guard server.reserveSession() else {
            let limit = server.configuration.maxSessions
            let why = server.isShuttingDown
                ? "the server is shutting down" : "server full (\(limit) session\(limit == 1 ? "" : "s")): try again later"
            logger.notice("refused", metadata: ["request": "session", "reason": "\(server.isShuttingDown ? "shutting down" : "server full")"])
            return refuse("storyboard: \(why)", status: 1, wantReply: wantReply)
        }
        reserved = true
        targetLabel = target.label
        let loop = context.eventLoop
        do {
            let directory = try prepareDataDirectory()
            let pty = try PseudoTerminal.open(size: terminalSize, modes: terminalModes)
            master = pty.master
            var environment = childEnvironment(terminalType: terminalType, home: directory.path)
            let executable = server.configuration.executable
            var arguments = ["run", target.argument] + target.options + ["--data-dir", directory.path]
            if let recordDirectory = server.configuration.recordDirectory {
                let who: String
                switch connection.identity {
                case .key(let fingerprint): who = fingerprint.directoryName
                case .anonymous, nil: who = "anonymous"
                }
                let path = try SessionRecordingFile.claim(in: recordDirectory, startedAt: time(nil), who: who)
                recordingPath = path
                arguments += ["--record", path]
                // The program puts this on its first screen: people must know they are recorded.
                environment[SessionRecording.environmentVariable] = "1"
            }
            let bound = NIOLoopBound(self, eventLoop: loop)
            pid = try server.supervisor.start(on: loop) { () throws(SessionError) -> pid_t in
                try SessionSpawner.spawn(
                    executable: executable, arguments: arguments, environment: environment,
                    terminalPath: pty.slavePath, workingDirectory: directory.path)
            } onExit: { exit in
                bound.value.processExited(exit)
            }
        } catch {
            logger.error("session could not start", metadata: ["error": "\(error)"])
            if let recordingPath { SessionRecordingFile.removeIfEmpty(recordingPath) }
            if master >= 0 {
                Glibc.close(master)
                master = -1
            }
            releaseReservation()
            removeScratchDirectory()
            return refuse("storyboard: the session could not start; the server's log says why", status: 1, wantReply: wantReply)
        }
        phase = .running
        connection.startedSessions += 1
        connection.runningSessions += 1
        started = .now()
        lastInput = started
        reply(true, to: wantReply)
        var metadata: Logger.Metadata = [
            "pid": "\(pid ?? 0)", "target": "\(targetLabel)", "term": "\(DiagnosticNames.shown(terminalType))",
            "size": "\(terminalSize)",
        ]
        switch connection.identity {
        case .key(let fingerprint): metadata["key"] = "\(fingerprint)"
        case .anonymous, nil: metadata["key"] = "none"
        }
        logger.info("session started", metadata: metadata)
        if let recordingPath {
            logger.info("session recorded", metadata: ["file": "\(DiagnosticNames.shown(recordingPath, limit: 300))"])
        }
        let bound = NIOLoopBound(self, eventLoop: loop)
        server.register(ObjectIdentifier(self), ServerState.SessionControl(end: {
            loop.execute { bound.value.end(.shutdown) }
        }))
        attachTerminal(on: loop)
        scheduleIdleCheck()
    }

    /// The program's environment: what a terminal program needs and the client's accepted
    /// variables; nothing of the server's own environment.
    private func childEnvironment(terminalType: String, home: String) -> [String: String] {
        var result = environment
        result["TERM"] = terminalType
        result["HOME"] = home
        result["PATH"] = "/usr/local/bin:/usr/bin:/bin"
        // The screen-reader mode is the client's choice (`SetEnv`, or the server's
        // `--screen-reader`), never what an earlier session of the same key left remembered.
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
    private func prepareDataDirectory() throws(SessionError) -> URL {
        let configuration = server.configuration
        let directory: URL
        switch connection.identity {
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
    private func attachTerminal(on loop: EventLoop) {
        let bound = NIOLoopBound(self, eventLoop: loop)
        let descriptor = master
        NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = TerminalPipeHandler(session: bound.value)
                    bound.value.terminalHandler = handler
                    try channel.pipeline.syncOperations.addHandler(handler)
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

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let buffer) = message.data else { return }
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

    func channelReadComplete(context: ChannelHandlerContext) {
        if inputPending {
            inputPending = false
            terminal?.flush()
        }
    }

    func read(context: ChannelHandlerContext) {
        // While the program does not read its input, stop reading the client's: the SSH
        // window then fills and the client waits, rather than the server buffering.
        if let terminal, !terminal.isWritable {
            readHeld = true
        } else {
            context.read()
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { terminalHandler?.resumeReading() }
        context.fireChannelWritabilityChanged()
    }

    /// Whether the client's window has room for more of the program's output.
    var clientCanTakeOutput: Bool { context?.channel.isWritable ?? true }

    func terminalOutput(_ buffer: ByteBuffer) {
        write(buffer, type: .channel, flush: false)
    }

    func terminalOutputComplete() {
        context?.flush()
    }

    func terminalWritabilityChanged(_ writable: Bool) {
        guard writable, readHeld, let context else { return }
        readHeld = false
        context.read()
    }

    private func write(_ buffer: ByteBuffer, type: SSHChannelData.DataType, flush: Bool) {
        guard let context, context.channel.isActive else { return }
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.write(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: promise)
        lastWrite = promise.futureResult
        if flush { context.flush() }
    }

    private func writeText(_ text: String, type: SSHChannelData.DataType) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        write(buffer, type: type, flush: true)
    }

    /// A line on the client's standard error; `\r\n` when its terminal is in raw mode.
    private func writeError(_ line: String) {
        writeText(line + (terminalType == nil ? "\n" : "\r\n"), type: .stdErr)
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
            drainTask = loop?.assumeIsolated().scheduleTask(in: Self.drainTime) { [self] in
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
        guard killTask == nil, exit == nil, let loop else { return }
        killTask = loop.assumeIsolated().scheduleTask(in: Self.killGrace) { [self] in
            logger.warning("session process did not end; killed", metadata: ["pid": "\(pid ?? 0)"])
            signalProgram(SIGKILL)
        }
    }

    private func scheduleIdleCheck() {
        let timeout = server.configuration.idleTimeout
        guard timeout > 0, let loop else { return }
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
    /// tell the client, close.
    private func finish() {
        guard phase == .running else { return }
        phase = .finished
        connection.runningSessions -= 1
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
        logger.info("session ended", metadata: metadata)
        if let recordingPath { SessionRecordingFile.removeIfEmpty(recordingPath) }
        releaseReservation()
        removeScratchDirectory()

        guard let context, context.channel.isActive else { return }
        if case .signalled(let signal) = exit {
            // The program could not put the terminal back: do it for it.
            writeText(Self.terminalRestore, type: .channel)
            if endReason == nil {
                writeError("storyboard: the session ended abnormally (signal \(signal))")
            }
        }
        switch endReason {
        case .idle:
            let minutes = server.configuration.idleTimeout / 60
            let amount = minutes >= 1 && minutes == minutes.rounded()
                ? "\(Int(minutes)) minute\(minutes == 1 ? "" : "s")"
                : "\(Int(server.configuration.idleTimeout.rounded())) s"
            writeError("storyboard: closed after \(amount) without input")
        case .shutdown:
            writeError("storyboard: the server is shutting down")
        case .clientGone, nil:
            break
        }
        closeWithStatus(exit.shellStatus)
    }

    /// Sends the exit status once everything written before it is on its way, then closes.
    private func closeWithStatus(_ status: Int32) {
        guard let context else { return }
        let loop = context.eventLoop
        let bound = NIOLoopBound(context, eventLoop: loop)
        let written = lastWrite ?? loop.makeSucceededVoidFuture()
        written.whenComplete { _ in
            let context = bound.value
            guard context.channel.isActive else { return }
            context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status)), promise: nil)
            context.close(promise: nil)
        }
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

    func channelInactive(context: ChannelHandlerContext) {
        connection.openSessions -= 1
        switch phase {
        case .running:
            if exit == nil {
                logger.info("client gone; ending the session", metadata: ["pid": "\(pid ?? 0)"])
                end(.clientGone)
            }
        case .configuring:
            phase = .finished
        case .finished:
            break
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Mostly the connection ending under the channel (the client went away), which the
        // session's end already logs.
        logger.debug("session channel error", metadata: ["error": "\(DiagnosticNames.shown(String(describing: error), limit: 160))"])
        context.close(promise: nil)
    }
}
