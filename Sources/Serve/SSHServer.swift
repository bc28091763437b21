import Crypto
import Foundation
import Glibc
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// `storyboard serve`: an SSH server whose only program is the app.
///
/// Each session runs `storyboard run` in its own process on its own pseudo-terminal (see
/// `SessionHandler`); the server itself only speaks SSH and moves bytes. One server per
/// process: it owns the process's SIGCHLD, SIGTERM, SIGINT and SIGHUP.
public final class SSHServer: @unchecked Sendable {
    /// The host key's fingerprint, as clients show it.
    public let hostKeyFingerprint: KeyFingerprint
    /// Whether the host key was created by this start.
    public let hostKeyCreated: Bool
    /// Where the host key is.
    public let hostKeyPath: String

    private let state: ServerState
    private let logger: Logger
    private let group: MultiThreadedEventLoopGroup
    private let lockDescriptor: Int32
    private let stopped = NIOLockedValueBox(false)
    private let finished = DispatchSemaphore(value: 0)
    private var listener: Channel?
    private var webListener: Channel?
    private let web: WebContext?
    /// The private web link's token (nil without `--http`, or with `--open`).
    public let webToken: String?

    /// Time from SIGTERM to SIGKILL for sessions that have not ended.
    static let shutdownKillAfter = TimeAmount.milliseconds(2000)
    /// Time from SIGTERM to closing whatever is still open, and exiting.
    static let shutdownDeadline = TimeAmount.milliseconds(2600)

    /// Prepares the server: takes the data directory (one server per directory), loads or
    /// creates the host key, reads the authorized keys and clears what keyless sessions of
    /// an earlier run left behind. Nothing listens yet.
    public init(configuration: ServerConfiguration, logger: Logger) throws(ServeError) {
        self.logger = logger
        do {
            try FileManager.default.createDirectory(
                at: configuration.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .dataDirectory(path: configuration.dataDirectory.path, reason: "cannot create it")
        }
        lockDescriptor = try Self.lock(configuration.dataDirectory)
        let hostKey: Curve25519.Signing.PrivateKey
        do throws(HostKeyError) {
            if let file = configuration.hostKeyFile {
                // Shared by several servers (behind a balancer): used as it is, never made.
                guard let key = try HostKeyStore.load(from: file) else {
                    throw HostKeyError.unusable(path: file.path, reason: "no such file")
                }
                (hostKey, hostKeyCreated) = (key, false)
            } else {
                (hostKey, hostKeyCreated) = try HostKeyStore.loadOrCreate(in: configuration.hostKeyDirectory)
            }
        } catch {
            close(lockDescriptor)
            throw .hostKey(error)
        }
        hostKeyPath = configuration.hostKeyFile?.path
            ?? configuration.hostKeyDirectory.appendingPathComponent(HostKeyStore.fileName).path
        hostKeyFingerprint = KeyFingerprint(blob: OpenSSHPrivateKey.publicBlob(of: hostKey.publicKey))
        var keys: AuthorizedKeysFile?
        if let path = configuration.authorizedKeysPath {
            do {
                keys = try AuthorizedKeysFile(path: path, logger: logger)
            } catch {
                close(lockDescriptor)
                throw .authorizedKeys(error)
            }
        }
        try? FileManager.default.removeItem(at: configuration.scratchDirectory)
        Self.raiseDescriptorLimit()
        state = ServerState(
            configuration: configuration, logger: logger, hostKey: NIOSSHPrivateKey(ed25519Key: hostKey),
            authorizedKeys: keys)
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, System.coreCount))
        if configuration.httpHost != nil {
            let assets: WebAssets
            switch WebAssets.load() {
            case .success(let loaded): assets = loaded
            case .failure(let error):
                close(lockDescriptor)
                throw .web(reason: error.description)
            }
            var token: String?
            if !configuration.isOpen {
                do throws(SessionError) {
                    token = try WebToken.loadOrCreate(in: configuration.webDirectory, renew: configuration.renewsWebToken)
                } catch {
                    close(lockDescriptor)
                    throw .web(reason: error.description)
                }
            }
            webToken = token
            web = WebContext(
                server: state, assets: assets, token: token, allowedOrigins: configuration.allowedOrigins,
                trustsProxy: configuration.trustsProxy, firstScreens: FirstScreenCache.forServer(state, token: token))
        } else {
            webToken = nil
            web = nil
        }
    }

    /// How many keys may log in now (nil with `--open`).
    public var authorizedKeyCount: Int? { state.authorizedKeys?.keyCount }

    /// Starts listening; returns the address bound as `HOST:PORT` (with the port chosen when
    /// 0 was asked).
    public func start() throws(ServeError) -> String {
        Self.installSignals(for: self)
        let state = state
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 512)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { listener in
                // Without a PROXY protocol header to wait for, the peer is the client: refuse
                // over-budget addresses before the connection is set up at all.
                listener.eventLoop.makeCompletedFuture {
                    guard !state.configuration.proxyProtocol else { return }
                    try listener.pipeline.syncOperations.addHandler(
                        AdmissionGate { connection in Self.admitSource(connection.remoteAddress, of: connection, state: state) })
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.initialize(connection: channel, state: state)
                }
            }
        let configuration = state.configuration
        guard configuration.servesSSH else { return "" }
        do {
            let channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
            listener = channel
            guard let address = channel.localAddress else { throw ServeError.listen(address: "\(configuration.host):\(configuration.port)", reason: "no address") }
            return Self.describe(address: address)
        } catch let error as ServeError {
            throw error
        } catch {
            throw .listen(address: "\(configuration.host):\(configuration.port)", reason: Self.describe(error))
        }
    }

    /// Starts the web listener (`--http`), after `start()`; returns the address bound as
    /// `HOST:PORT`, or nil when there is none to start.
    public func startWeb() throws(ServeError) -> String? {
        guard let web, let host = state.configuration.httpHost else { return nil }
        let port = state.configuration.httpPort
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 512)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 32 * 1024, high: 64 * 1024))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.initialize(web: channel, context: web)
                }
            }
        do {
            let channel = try bootstrap.bind(host: host, port: port).wait()
            webListener = channel
            guard let address = channel.localAddress else { throw ServeError.listen(address: "\(host):\(port)", reason: "no address") }
            return Self.describe(address: address)
        } catch let error as ServeError {
            throw error
        } catch {
            throw .listen(address: "\(host):\(port)", reason: Self.describe(error))
        }
    }

    /// Blocks until the server has shut down (SIGTERM, SIGINT or `shutdown()`).
    public func waitUntilStopped() {
        finished.wait()
    }

    /// Stops listening, tells every session, ends their programs (SIGTERM, then SIGKILL after
    /// 2 s) and closes what is left after 2.6 s, so the process can exit within 3 s.
    public func shutdown() {
        let first = stopped.withLockedValue { stopped -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else {
            // A second signal: no more waiting.
            state.supervisor.signalAll(SIGKILL)
            finished.signal()
            return
        }
        logger.info("shutting down", metadata: ["sessions": "\(state.sessionCount)"])
        listener?.close(promise: nil)
        webListener?.close(promise: nil)
        let finished = finished
        let once = NIOLockedValueBox(false)
        let done: @Sendable () -> Void = {
            let first = once.withLockedValue { fired -> Bool in
                defer { fired = true }
                return !fired
            }
            if first { finished.signal() }
        }
        let (sessions, connections) = state.beginShutdown(whenIdle: done)
        for session in sessions { session.end() }
        // Connections without a running session have nothing to save: close them now.
        let loop = group.next()
        for channel in connections { channel.eventLoop.execute { Self.closeIfNoSession(channel) } }
        let supervisor = state.supervisor
        let logger = logger
        let state = state
        loop.scheduleTask(in: Self.shutdownKillAfter) {
            let left = supervisor.livePIDs
            if !left.isEmpty {
                logger.warning("sessions did not end in time; killed", metadata: ["count": "\(left.count)"])
                supervisor.signalAll(SIGKILL)
            }
        }
        loop.scheduleTask(in: Self.shutdownDeadline) {
            for channel in state.openConnections { channel.close(promise: nil) }
            done()
        }
    }

    /// Reaps ended sessions' processes (SIGCHLD).
    func reapChildren() {
        state.supervisor.reap()
    }

    // MARK: - Connections

    /// A connection just accepted: admitted or refused by where it comes from (after its
    /// PROXY protocol header, with `--proxy-protocol`) before any SSH is spoken.
    private static func initialize(connection channel: Channel, state: ServerState) throws {
        guard state.configuration.proxyProtocol else {
            // Its address was admitted in the listener (`AdmissionGate`).
            _ = try start(connection: channel, client: channel.remoteAddress, state: state)
            return
        }
        let peer = channel.remoteAddress
        guard state.awaitProxyHeader() else {
            refused(peer, reason: state.isShuttingDown ? "shutting down" : "too many connections logging in", state: state)
            channel.close(promise: nil)
            return
        }
        let header = ProxyProtocolHandler(
            // A proxy sends the header at once: no more than 5 s of the login grace time for it.
            timeout: .milliseconds(Int64(min(state.configuration.loginGraceTime, 5) * 1000)),
            accepted: { channel, client in
                guard admitSource(client ?? peer, of: channel, state: state) else {
                    channel.close(promise: nil)
                    return false
                }
                return try start(connection: channel, client: client ?? peer, state: state)
            },
            finished: { outcome in
                state.proxyHeaderDone()
                if case .failed(let reason) = outcome { refused(peer, reason: reason, state: state) }
            })
        try channel.pipeline.syncOperations.addHandler(header)
    }

    /// Asks admission control whether `client` (the peer, or the client a PROXY protocol
    /// header named) may open one more connection, logging a refusal once a minute. The
    /// caller closes `channel` when it may not.
    static func admitSource(_ client: SocketAddress?, of channel: Channel, state: ServerState) -> Bool {
        switch state.admission.admit(client.map(AdmissionSource.init) ?? .local) {
        case .refused(let refusal):
            if refusal.shouldLog { log(refusal: client, reason: refusal.reason.rawValue, unlogged: refusal.unloggedBefore, state: state) }
            return false
        case .admitted(let ticket):
            channel.closeFuture.whenComplete { _ in ticket.release() }
            return true
        }
    }

    /// Starts SSH on an admitted connection from `client`, or closes it at once when too many
    /// are logging in or the server is stopping. Whether it started.
    private static func start(connection channel: Channel, client: SocketAddress?, state: ServerState) throws -> Bool {
        let remote = client.map(Self.describe(address:)) ?? "unknown"
        guard let number = state.admit(channel) else {
            refused(client, reason: state.isShuttingDown ? "shutting down" : "too many connections logging in", state: state)
            channel.close(promise: nil)
            return false
        }
        let connection = Connection(number: number, remote: remote, logger: state.logger)
        var configuration = SSHServerConfiguration(
            hostKeys: [state.hostKey],
            userAuthDelegate: Authenticator(
                connection: connection, keys: state.authorizedKeys, isOpen: state.configuration.isOpen,
                onSuccess: { state.authenticated() }),
            globalRequestDelegate: RefusingGlobalRequests(logger: connection.logger))
        // sshd allows 6; a client with several keys in its agent needs a few more.
        configuration.maxAuthAttempts = 10
        let ssh = NIOSSHHandler(
            role: .server(configuration), allocator: channel.allocator,
            inboundChildChannelInitializer: { child, type in
                Self.initialize(child: child, type: type, connection: connection, state: state)
            })
        try channel.pipeline.syncOperations.addHandler(QuickAckHandler())
        try channel.pipeline.syncOperations.addHandler(ssh)
        try channel.pipeline.syncOperations.addHandler(ConnectionHandler(connection: connection, server: state))
        return true
    }

    /// Logs a refusal of the server's own (not admission control's), once a minute per source.
    private static func refused(_ client: SocketAddress?, reason: String, state: ServerState) {
        guard let unlogged = state.admission.noteRefusal(of: client.map(AdmissionSource.init) ?? .local) else { return }
        log(refusal: client, reason: reason, unlogged: unlogged, state: state)
    }

    private static func log(refusal client: SocketAddress?, reason: String, unlogged: Int, state: ServerState) {
        var metadata: Logger.Metadata = ["remote": "\(client.map(Self.describe(address:)) ?? "unknown")", "reason": "\(reason)"]
        // Refusals of this address since its last line; the next line comes in a minute at the earliest.
        if unlogged > 0 { metadata["unlogged"] = "\(unlogged)" }
        state.logger.notice("connection refused", metadata: metadata)
    }

    private static func initialize(web channel: Channel, context web: WebContext) throws {
        let state = web.server
        let remote = channel.remoteAddress.map(Self.describe(address:)) ?? "unknown"
        guard let number = state.admit(channel) else {
            state.logger.notice("connection refused", metadata: ["remote": "\(remote)", "reason": "\(state.isShuttingDown ? "shutting down" : "too many connections logging in")"])
            channel.close(promise: nil)
            return
        }
        let connection = WebConnection(number: number, remote: remote, logger: state.logger)
        let bound = NIOLoopBound(connection, eventLoop: channel.eventLoop)
        channel.closeFuture.whenComplete { _ in
            let connection = bound.value
            if let reason = connection.closeReason {
                connection.logger.info("web connection closed", metadata: ["reason": "\(reason)"])
            }
            state.closed(channel, wasAuthenticated: connection.hasStarted)
        }
        try WebListener.initialize(channel, connection: connection, web: web)
    }

    private static func initialize(child: Channel, type: SSHChannelType, connection: Connection, state: ServerState) -> EventLoopFuture<Void> {
        switch type {
        case .session:
            guard connection.openSessions < state.configuration.maxSessionsPerConnection else {
                connection.logger.notice("refused", metadata: ["request": "session", "reason": "too many sessions on one connection"])
                return child.eventLoop.makeFailedFuture(ServeRefusal.channelType)
            }
            return child.eventLoop.makeCompletedFuture {
                try child.pipeline.syncOperations.addHandler(SessionHandler(server: state, connection: connection))
            }
        case .directTCPIP(let target):
            connection.logger.notice("refused", metadata: [
                "request": "port-forwarding",
                "target": "\(DiagnosticNames.shown(target.targetHost)):\(target.targetPort)",
            ])
            return child.eventLoop.makeFailedFuture(ServeRefusal.forwarding)
        case .forwardedTCPIP:
            connection.logger.notice("refused", metadata: ["request": "forwarded-tcpip channel"])
            return child.eventLoop.makeFailedFuture(ServeRefusal.channelType)
        }
    }

    private static func closeIfNoSession(_ channel: Channel) {
        // Sessions close their connection's channel as they end; a connection with none
        // running is closed here.
        if let handler = try? channel.pipeline.syncOperations.handler(type: WebSessionHandler.self) {
            // A web session is ended with its notice; a socket without one is closed.
            if !handler.hasRunningSession { channel.close(promise: nil) }
            return
        }
        guard let handler = try? channel.pipeline.syncOperations.handler(type: ConnectionHandler.self) else {
            channel.close(promise: nil)
            return
        }
        if !handler.hasRunningSession { channel.close(promise: nil) }
    }

    /// Each session holds a socket and a pseudo-terminal's master (twice, as NIO's pipe
    /// channel keeps one descriptor for each direction): the usual soft limit of 1,024
    /// descriptors would end the server near 300 sessions. Raised to the hard limit, as far
    /// as the administrator allows.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    // MARK: - The data directory

    /// Takes an exclusive lock on `DATA/serve.lock` for the life of the process: two servers
    /// on one directory would share a host key file being written and remove each other's
    /// keyless sessions' data.
    private static func lock(_ directory: URL) throws(ServeError) -> Int32 {
        let path = directory.appendingPathComponent("serve.lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .dataDirectory(path: directory.path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .dataDirectory(path: directory.path, reason: "another storyboard serve is using it")
        }
        return descriptor
    }

    // MARK: - Signals

    nonisolated(unsafe) private static var signals: ServerSignals?
    private static let current = NIOLockedValueBox<SSHServer?>(nil)

    private static func installSignals(for server: SSHServer) {
        current.withLockedValue { $0 = server }
        guard signals == nil, let installed = try? ServerSignals() else { return }
        signals = installed
        installed.start { signal in
            guard let server = current.withLockedValue({ $0 }) else { return }
            switch signal {
            case SIGCHLD:
                server.reapChildren()
            case SIGTERM, SIGINT:
                server.logger.info("signal received", metadata: ["signal": "\(signal == SIGTERM ? "TERM" : "INT")"])
                server.shutdown()
            case SIGHUP:
                if let count = server.authorizedKeyCount {
                    server.logger.info("authorized keys checked", metadata: ["keys": "\(count)"])
                }
            default:
                break
            }
        }
    }

    // MARK: - Text

    static func describe(address: SocketAddress) -> String {
        switch address {
        case .v6(let v6): "[\(v6.host)]:\(address.port ?? 0)"
        default: "\(address.ipAddress ?? "?"):\(address.port ?? 0)"
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return String(describing: error)
    }
}

/// Why the server cannot start.
public enum ServeError: Error, CustomStringConvertible {
    /// The data directory cannot be made, or another server holds it.
    case dataDirectory(path: String, reason: String)
    /// The host key cannot be read, made or trusted.
    case hostKey(HostKeyError)
    /// The authorized keys file is missing or unreadable.
    case authorizedKeys(AuthorizedKeysError)
    /// The address cannot be bound.
    case listen(address: String, reason: String)
    /// The web listener cannot be prepared (its page's files, its token).
    case web(reason: String)

    /// One line for standard error, after the program's name.
    public var description: String {
        switch self {
        case .dataDirectory(let path, let reason): "data directory \(DiagnosticNames.shown(path, limit: 200)): \(reason)"
        case .hostKey(let error): error.description
        case .authorizedKeys(let error): error.description
        case .listen(let address, let reason): "cannot listen on \(DiagnosticNames.shown(address)): \(reason)"
        case .web(let reason): "web listener: \(reason)"
        }
    }
}
