import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOSSH

/// What every connection shares: the configuration, the keys, the process supervisor, and
/// the counts behind the limits. Counts change under a lock; connections and sessions live
/// on their own event loops and only report here.
final class ServerState: @unchecked Sendable {
    let configuration: ServerConfiguration
    let logger: Logger
    let hostKey: NIOSSHPrivateKey
    let authorizedKeys: AuthorizedKeysFile?
    let supervisor = ProcessSupervisor()
    /// Per-address limits on new connections.
    let admission: AdmissionControl

    private let lock = NIOLock()
    private var runningSessions = 0
    private var unauthenticated = 0
    private var awaitingProxyHeader = 0
    private var connections: [ObjectIdentifier: Channel] = [:]
    private var sessions: [ObjectIdentifier: SessionControl] = [:]
    private var nextConnection = 0
    private var shuttingDown = false
    private var onIdle: (@Sendable () -> Void)?

    /// A running session, as shutdown reaches it.
    struct SessionControl {
        /// Asks the session to end because the server is shutting down (on its own loop).
        let end: @Sendable () -> Void
    }

    init(configuration: ServerConfiguration, logger: Logger, hostKey: NIOSSHPrivateKey, authorizedKeys: AuthorizedKeysFile?) {
        self.configuration = configuration
        self.logger = logger
        self.hostKey = hostKey
        self.authorizedKeys = authorizedKeys
        admission = AdmissionControl(policy: configuration.admission)
    }

    var isShuttingDown: Bool { lock.withLock { shuttingDown } }

    // MARK: Connections

    /// Admits a new connection (numbered from 1), or nil when too many are still logging in
    /// or the server is shutting down.
    func admit(_ channel: Channel) -> Int? {
        lock.withLock {
            guard !shuttingDown, unauthenticated < configuration.maxUnauthenticated else { return nil }
            unauthenticated += 1
            nextConnection += 1
            connections[ObjectIdentifier(channel)] = channel
            return nextConnection
        }
    }

    /// Takes a place for a connection whose PROXY protocol header has not come yet, or
    /// returns false when as many are waiting as may log in at once (or the server is
    /// stopping). Such a connection has no address to be limited by until its header comes.
    func awaitProxyHeader() -> Bool {
        lock.withLock {
            guard !shuttingDown, awaitingProxyHeader < configuration.maxUnauthenticated else { return false }
            awaitingProxyHeader += 1
            return true
        }
    }

    /// The header came, or the connection closed without one.
    func proxyHeaderDone() {
        lock.withLock { awaitingProxyHeader -= 1 }
    }

    /// A connection logged in: it no longer counts against the unauthenticated limit.
    func authenticated() {
        lock.withLock { unauthenticated -= 1 }
    }

    /// A connection closed.
    func closed(_ channel: Channel, wasAuthenticated: Bool) {
        let idle: (@Sendable () -> Void)? = lock.withLock {
            if !wasAuthenticated { unauthenticated -= 1 }
            connections[ObjectIdentifier(channel)] = nil
            return checkIdle()
        }
        idle?()
    }

    /// Every open connection.
    var openConnections: [Channel] { lock.withLock { Array(connections.values) } }

    // MARK: Sessions

    /// Takes a place for a session, or returns false when the server is full (or stopping).
    func reserveSession() -> Bool {
        lock.withLock {
            guard !shuttingDown, runningSessions < configuration.maxSessions else { return false }
            runningSessions += 1
            return true
        }
    }

    /// Registers a started session so shutdown can reach it.
    func register(_ key: ObjectIdentifier, _ control: SessionControl) {
        let endNow: Bool = lock.withLock {
            sessions[key] = control
            return shuttingDown
        }
        if endNow { control.end() }
    }

    /// Gives the place back once the session's process is gone.
    func release(_ key: ObjectIdentifier) {
        let idle: (@Sendable () -> Void)? = lock.withLock {
            runningSessions -= 1
            sessions[key] = nil
            return checkIdle()
        }
        idle?()
    }

    /// Sessions running now.
    var sessionCount: Int { lock.withLock { runningSessions } }

    // MARK: Shutdown

    /// Stops admitting, asks every session to end, and calls `idle` once no session and
    /// no connection is left.
    func beginShutdown(whenIdle idle: @escaping @Sendable () -> Void) -> (sessions: [SessionControl], connections: [Channel]) {
        let (controls, channels, idleNow): ([SessionControl], [Channel], (@Sendable () -> Void)?) = lock.withLock {
            shuttingDown = true
            onIdle = idle
            return (Array(sessions.values), Array(connections.values), checkIdle())
        }
        idleNow?()
        return (controls, channels)
    }

    /// The idle callback to run, once, when shutting down and nothing is left; call under the lock.
    private func checkIdle() -> (@Sendable () -> Void)? {
        guard shuttingDown, runningSessions == 0, connections.isEmpty, let callback = onIdle else { return nil }
        onIdle = nil
        return callback
    }
}
