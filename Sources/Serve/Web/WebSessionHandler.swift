import CommandSupport
import Logging
import NIOCore
import NIOWebSocket

/// One browser tab's session over a WebSocket: it waits for the page's hello (within the
/// login grace time), checks the link's token, starts the program as an SSH session does
/// (a `TerminalSession`), and then carries bytes both ways in `WebProtocol`'s messages until
/// the program or the page goes; the page is then told why, in words, before the close.
///
/// Output is paced by the page (`SessionPacing`): reading from the terminal stops while the
/// socket cannot take more (NIO's write buffer is past its high mark) or while the page has
/// asked for a pause, so a fast scroller never grows the server's memory. Pings every 10 s,
/// and a page silent for 25 s is taken as gone.
final class WebSessionHandler: ChannelDuplexHandler, SessionTransport {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = Never
    typealias OutboundOut = WebSocketFrame

    private enum Phase {
        case awaitingHello
        case running
        case closing
    }

    static let pingInterval = TimeAmount.seconds(10)
    static let silenceLimit = TimeAmount.seconds(25)

    private let web: WebContext
    private let connection: WebConnection
    /// `LANG` from the upgrade request's `Accept-Language`.
    private let language: String?
    private var context: ChannelHandlerContext?
    private var phase = Phase.awaitingHello
    private var session: TerminalSession?
    /// The per-address place this session holds, given back when it ends.
    private var ticket: AdmissionTicket?
    private var pacing = SessionPacing()
    private var lastHeard = NIODeadline.now()
    private var helloTask: Scheduled<Void>?
    private var pingTask: RepeatedTask?

    init(web: WebContext, connection: WebConnection, language: String?) {
        self.web = web
        self.connection = connection
        self.language = language
    }

    /// Whether a program runs on this socket (shutdown lets it end with a notice).
    var hasRunningSession: Bool { session?.isRunning ?? false }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let loop = context.eventLoop
        let grace = TimeAmount.milliseconds(Int64(web.server.configuration.loginGraceTime * 1000))
        helloTask = loop.assumeIsolated().scheduleTask(in: grace) { [self] in
            guard phase == .awaitingHello else { return }
            connection.logger.notice("refused", metadata: ["request": "web session", "reason": "no hello within the login grace time"])
            endWithNotice(.protocolError, "The page did not start a session in time.", code: .policyViolation)
        }
        let bound = NIOLoopBound(self, eventLoop: loop)
        pingTask = loop.scheduleRepeatedTask(initialDelay: Self.pingInterval, delay: Self.pingInterval) { _ in
            bound.value.keepAlive()
        }
    }

    /// Pings the page, or closes a socket that has been silent too long.
    private func keepAlive() {
        guard let context, context.channel.isActive else { return }
        if NIODeadline.now() - lastHeard > Self.silenceLimit {
            connection.closeReason = "no answer for \(Self.silenceLimit.nanoseconds / 1_000_000_000) s"
            context.close(promise: nil)
            return
        }
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: context.channel.allocator.buffer(capacity: 0))), promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        helloTask?.cancel()
        pingTask?.cancel()
        self.context = nil
    }

    // MARK: - From the page

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        lastHeard = .now()
        switch frame.opcode {
        case .connectionClose:
            // Echo the close and go; the session ends as for a dropped connection.
            phase = .closing
            var data = frame.unmaskedData
            let code = data.readInteger(as: UInt16.self) ?? 1000
            var buffer = context.channel.allocator.buffer(capacity: 2)
            buffer.writeInteger(code)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer))).whenComplete { _ in
                bound.value.close(promise: nil)
            }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .text:
            connection.logger.notice("refused", metadata: ["request": "web message", "reason": "text frame"])
            endWithNotice(.protocolError, "The page sent a message the server does not take.", code: .unacceptableData)
        case .binary:
            let bytes = frame.unmaskedData.readableBytesView
            do {
                handle(try WebProtocol.decode(bytes), context: context)
            } catch {
                connection.logger.notice("refused", metadata: ["request": "web message", "reason": "\(error)"])
                endWithNotice(.protocolError, "The page sent a message the server cannot read.", code: .protocolError)
            }
        default:
            break
        }
    }

    private func handle(_ message: WebProtocol.ClientMessage, context: ChannelHandlerContext) {
        switch message {
        case .hello(let hello):
            guard phase == .awaitingHello else {
                return endWithNotice(.protocolError, "The page said hello twice.", code: .protocolError)
            }
            start(hello, context: context)
        case .input(let bytes):
            guard phase == .running else { return }
            var buffer = context.channel.allocator.buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            session?.input(buffer)
        case .resize(let columns, let rows):
            session?.resize(TerminalSize(columns: columns, rows: rows))
        case .pause:
            pacing.pause()
        case .resume:
            pacing.resume(context, for: session)
        case .keepalive:
            send(WebProtocol.keepalive, flush: true)
        }
    }

    private func start(_ hello: WebProtocol.Hello, context: ChannelHandlerContext) {
        helloTask?.cancel()
        if let token = web.token, !WebToken.matches(hello.token, token) {
            connection.logger.notice("refused", metadata: [
                "request": "web session", "reason": "\(hello.token.isEmpty ? "no token" : "wrong token")",
            ])
            return endWithNotice(
                .token,
                hello.token.isEmpty
                    ? "This server is private: open it with the whole link it printed, which ends in #token=…"
                    : "This link's token is not the server's: ask for the current link.",
                code: .policyViolation)
        }
        let configuration = web.server.configuration
        let name = hello.path.isEmpty ? nil : SessionPolicy.execName(hello.path)
        let target: SessionTarget?
        if hello.path.isEmpty {
            target = configuration.defaultTarget
        } else {
            target = name.flatMap { configuration.execTarget($0) }
        }
        guard let target else {
            connection.logger.notice("refused", metadata: ["request": "web session", "reason": "nothing served at the path"])
            return endWithNotice(
                .notFound, "Nothing is served by that name: try one of \(configuration.execNames.joined(separator: ", ")).",
                code: .normalClosure)
        }
        var request = TerminalSession.Request(
            target: target, terminalType: Self.terminalType, size: TerminalSize(columns: hello.columns, rows: hello.rows),
            environment: Self.environment(language: language, screenReader: hello.screenReader), identity: .anonymous)
        request.logMetadata["remote"] = "\(connection.remote)"
        request.logMetadata["key"] = "none"
        switch web.admission.admit(connection.source) {
        case .refused(let refusal):
            if refusal.shouldLog {
                var metadata: Logger.Metadata = ["request": "web session", "reason": "\(refusal.reason.rawValue)", "remote": "\(connection.remote)"]
                if refusal.unloggedBefore > 0 { metadata["unlogged"] = "\(refusal.unloggedBefore)" }
                connection.logger.notice("refused", metadata: metadata)
            }
            return endWithNotice(
                .limited, "Too many sessions from your address: close one, or try again in a moment.", code: .policyViolation)
        case .admitted(let admitted):
            ticket = admitted
        }
        let session = TerminalSession(server: web.server, logger: connection.logger, loop: context.eventLoop, transport: self)
        do {
            try session.start(request)
        } catch {
            ticket?.release()
            switch error {
            case .full(let limit):
                return endWithNotice(.full, "The server is full (\(limit) session\(limit == 1 ? "" : "s")): try again later.", code: .unexpectedServerError)
            case .shuttingDown:
                return endWithNotice(.shutdown, "The server is shutting down.", code: .goingAway)
            case .failed:
                return endWithNotice(.failed, "The session could not start; the server's log says why.", code: .unexpectedServerError)
            }
        }
        self.session = session
        phase = .running
        if !connection.hasStarted {
            connection.hasStarted = true
            web.server.authenticated()
        }
    }

    /// The page's terminal as the program's `TERM`.
    static let terminalType = "xterm-256color"

    /// What a browser's session is started with besides what every session gets: the page's
    /// terminal, named as terminals name themselves (the app then knows its answers to the
    /// start-up questions and asks nothing: `TerminalQuery.Answers.known`), the browser's
    /// language (`Accept-Language` as `LANG`) and the page's screen-reader mode.
    static func environment(language: String?, screenReader: Bool) -> [String: String] {
        var environment = ["TERM_PROGRAM": WebAssets.terminalProgram, "TERM_PROGRAM_VERSION": WebAssets.terminalVersion]
        if let language, let value = SessionPolicy.value(language, forVariable: "LANG") { environment["LANG"] = value }
        if screenReader { environment[ScreenReaderSetting.environmentVariable] = "1" }
        return environment
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session?.inputComplete()
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        pacing.read(context, for: session)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        pacing.writabilityChanged(context, for: session)
        context.fireChannelWritabilityChanged()
    }

    // MARK: - To the page

    var canTakeOutput: Bool { pacing.canTakeOutput(context) }

    func sessionOutput(_ buffer: ByteBuffer) {
        guard let context, context.channel.isActive else { return }
        var framed = context.channel.allocator.buffer(capacity: buffer.readableBytes + 1)
        framed.writeInteger(UInt8(ascii: "0"))
        var buffer = buffer
        framed.writeBuffer(&buffer)
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: framed)), promise: nil)
    }

    func sessionOutputComplete() {
        context?.flush()
    }

    func sessionInputResumed() {
        pacing.inputResumed(context)
    }

    func sessionFinished(exit: ProcessExit, reason: TerminalSession.EndReason?) {
        ticket?.release()
        guard phase == .running else { return }
        switch reason {
        case .idle:
            endWithNotice(.idle, "Closed after \(TerminalSession.describeIdleTimeout(web.server.configuration.idleTimeout)) without input.", code: .normalClosure)
        case .shutdown:
            endWithNotice(.shutdown, "The server is shutting down.", code: .goingAway)
        case .clientGone:
            phase = .closing
            context?.close(promise: nil)
        case nil:
            if case .signalled(let signal) = exit {
                send(Array(SessionHandler.terminalRestore.utf8), flush: false, output: true)
                endWithNotice(.failed, "The session ended abnormally (signal \(signal)).", code: .normalClosure)
            } else {
                endWithNotice(.exited, "The session ended.", code: .normalClosure)
            }
        }
    }

    private func send(_ bytes: [UInt8], flush: Bool, output: Bool = false) {
        guard let context, context.channel.isActive else { return }
        let message = output ? WebProtocol.output(bytes) : bytes
        var buffer = context.channel.allocator.buffer(capacity: message.count)
        buffer.writeBytes(message)
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: buffer)), promise: nil)
        if flush { context.flush() }
    }

    /// Tells the page why, then closes with `code` once that is written.
    private func endWithNotice(_ reason: WebProtocol.EndReason, _ message: String, code: WebSocketErrorCode) {
        guard phase != .closing, let context else { return }
        phase = .closing
        helloTask?.cancel()
        send(WebProtocol.end(reason, message: message), flush: false)
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer))).whenComplete { _ in
            bound.value.close(promise: nil)
        }
        if let session, session.isRunning { session.end(.clientGone) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        phase = .closing
        if let session, session.isRunning {
            connection.logger.info("client gone; ending the session", metadata: ["pid": "\(session.pid ?? 0)"])
            session.end(.clientGone)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        connection.logger.debug("web session error", metadata: ["error": "\(DiagnosticNames.shown(String(describing: error), limit: 160))"])
        context.close(promise: nil)
    }
}
