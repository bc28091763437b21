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
final class SessionHandler: ChannelDuplexHandler, SessionTransport {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = Never
    typealias OutboundOut = SSHChannelData

    private enum Phase {
        /// Taking requests; nothing started.
        case configuring
        /// The program runs.
        case running
        /// Done: the program is reaped (or never started) and the close is under way.
        case finished
    }

    /// What undoes full-screen mode when the program could not: reset attributes, leave the
    /// alternate screen, show the cursor, stop mouse and paste reporting.
    static let terminalRestore = "\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l"

    private let server: ServerState
    private let connection: Connection
    private let logger: Logger
    private let number: Int
    private var context: ChannelHandlerContext?

    private var terminalType: String?
    private var terminalSize = TerminalSize(columns: 80, rows: 24)
    private var terminalModes: [(opcode: UInt8, value: UInt32)] = []
    private var environment: [String: String] = [:]

    private var phase = Phase.configuring
    /// The program and its terminal, once started.
    private var session: TerminalSession?
    private var pacing = SessionPacing()
    private var lastWrite: EventLoopFuture<Void>?

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
            session?.resize(terminalSize)

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
        var request = TerminalSession.Request(
            target: target, terminalType: terminalType, size: terminalSize, modes: terminalModes,
            environment: environment, identity: connection.identity)
        switch connection.identity {
        case .key(let fingerprint): request.logMetadata["key"] = "\(fingerprint)"
        case .anonymous, nil: request.logMetadata["key"] = "none"
        }
        let session = TerminalSession(server: server, logger: logger, loop: context.eventLoop, transport: self)
        do {
            try session.start(request)
        } catch {
            let why: String
            switch error {
            case .full(let limit): why = "server full (\(limit) session\(limit == 1 ? "" : "s")): try again later"
            case .shuttingDown: why = "the server is shutting down"
            case .failed: why = "the session could not start; the server's log says why"
            }
            return refuse("storyboard: \(why)", status: 1, wantReply: wantReply)
        }
        self.session = session
        phase = .running
        connection.startedSessions += 1
        connection.runningSessions += 1
        reply(true, to: wantReply)
    }

    // MARK: - Bytes both ways

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let buffer) = message.data else { return }
        session?.input(buffer)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session?.inputComplete()
    }

    func read(context: ChannelHandlerContext) {
        pacing.read(context, for: session)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        pacing.writabilityChanged(context, for: session)
        context.fireChannelWritabilityChanged()
    }

    /// Whether the client's window has room for more of the program's output.
    var canTakeOutput: Bool { pacing.canTakeOutput(context) }

    func sessionOutput(_ buffer: ByteBuffer) {
        write(buffer, type: .channel, flush: false)
    }

    func sessionOutputComplete() {
        context?.flush()
    }

    func sessionInputResumed() {
        pacing.inputResumed(context)
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

    /// The program is reaped and its output read (or given up on): tell the client, close.
    func sessionFinished(exit: ProcessExit, reason endReason: TerminalSession.EndReason?) {
        guard phase == .running else { return }
        phase = .finished
        connection.runningSessions -= 1
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
            writeError("storyboard: closed after \(TerminalSession.describeIdleTimeout(server.configuration.idleTimeout)) without input")
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

    func channelInactive(context: ChannelHandlerContext) {
        connection.openSessions -= 1
        switch phase {
        case .running:
            if let session, session.isRunning {
                logger.info("client gone; ending the session", metadata: ["pid": "\(session.pid ?? 0)"])
                session.end(.clientGone)
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
