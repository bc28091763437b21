import Foundation
import Logging
import NIOCore
import NIOSSH

/// Who is on the other end once logged in.
enum ClientIdentity: Equatable {
    /// A public key from the authorized keys (or any key, with `--open`).
    case key(KeyFingerprint)
    /// No key (`--open` only).
    case anonymous
}

/// One connection's facts, shared by its handlers; used only on its event loop.
final class Connection {
    /// Numbered from 1 in order of arrival, for the logs.
    let number: Int
    /// `ADDRESS:PORT` of the client.
    let remote: String
    /// A logger whose lines carry `connection=N`.
    let logger: Logger
    /// When it was accepted.
    let opened = NIODeadline.now()
    /// Set when authentication succeeds.
    var identity: ClientIdentity?
    /// Whether the connection has logged in (it then no longer counts as logging in).
    var isAuthenticated = false
    /// The user name the client sent, escaped, for the logs.
    var user: String?
    /// Session channels open now.
    var openSessions = 0
    /// Session channels opened so far (each session's number in the logs).
    var channelsOpened = 0
    /// Sessions whose program was started so far.
    var startedSessions = 0
    /// Sessions whose program runs now.
    var runningSessions = 0

    init(number: Int, remote: String, logger: Logger) {
        self.number = number
        self.remote = remote
        var logger = logger
        logger[metadataKey: "connection"] = "\(number)"
        self.logger = logger
    }
}

/// Logs, times and limits a connection: the login grace time, errors (random bytes,
/// protocol violations) and its end. It sits after the SSH handler on the connection's
/// pipeline and sees the authentication outcome as an event.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = Never

    private let connection: Connection
    private let server: ServerState
    private var graceTask: Scheduled<Void>?
    private var reason: String?

    init(connection: Connection, server: ServerState) {
        self.connection = connection
        self.server = server
    }

    /// Whether a session's program runs on this connection.
    var hasRunningSession: Bool { connection.runningSessions > 0 }

    func handlerAdded(context: ChannelHandlerContext) {
        // Counted from the accept, not from the SSH handshake: a client that never sends its
        // version is held to the same limit.
        let grace = server.configuration.loginGraceTime
        graceTask = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(grace * 1000))) { [self] in
            guard connection.startedSessions == 0 else { return }
            reason = connection.isAuthenticated
                ? "no session within the login grace time" : "not logged in within the login grace time"
            context.close(promise: nil)
        }
        connection.logger.info("connection opened", metadata: ["remote": "\(connection.remote)"])
        // The SSH handler in front does not pass the end of the connection on: watch for it here.
        let channel = context.channel
        channel.closeFuture.assumeIsolated().whenComplete { [self] _ in
            closed(channel)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The SSH library's errors can quote what the client sent: escaped and cut short.
        if reason == nil { reason = "error: " + DiagnosticNames.shown(String(describing: error), limit: 160) }
        context.close(promise: nil)
    }

    private func closed(_ channel: Channel) {
        graceTask?.cancel()
        let seconds = Double((NIODeadline.now() - connection.opened).nanoseconds) / 1e9
        var metadata: Logger.Metadata = ["duration": "\(String(format: "%.3f", seconds))s"]
        if let reason { metadata["reason"] = "\(reason)" }
        connection.logger.info("connection closed", metadata: metadata)
        server.closed(channel, wasAuthenticated: connection.isAuthenticated)
    }
}

/// Refuses every global request the library hands over (remote port forwarding, `ssh -R`),
/// and logs it.
struct RefusingGlobalRequests: GlobalRequestDelegate {
    let logger: Logger

    func tcpForwardingRequest(
        _ request: GlobalRequest.TCPForwardingRequest, handler: NIOSSHHandler,
        promise: EventLoopPromise<GlobalRequest.TCPForwardingResponse>
    ) {
        if case .listen(let host, let port) = request {
            logger.notice("refused", metadata: ["request": "remote-forwarding", "listen": "\(DiagnosticNames.shown(host)):\(port)"])
        }
        promise.fail(ServeRefusal.forwarding)
    }
}

/// Why a request was refused, as the library passes it on.
enum ServeRefusal: Error {
    case forwarding
    case channelType
}
