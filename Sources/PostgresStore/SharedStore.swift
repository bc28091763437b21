import Demos
import Flow
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// The shared store of `storyboard serve --store postgres://…`: one pool of PostgreSQL
/// connections in the server, used by every session of that server on behalf of its user.
///
/// Sessions are processes of the small `storyboard` program, which links no database client:
/// each asks through `RemoteStore` over a socket (see `SessionStoreChannel`), and the server
/// runs the request here. Three servers of 100 sessions each thus hold at most
/// 3 × `connections` connections, within PostgreSQL's default `max_connections` of 100.
///
/// Every request is one transaction; a write first takes its user's advisory lock, so one
/// user's writes from two servers run one after the other, as SQLite's `IMMEDIATE` makes them.
/// A request that found the database gone before it committed is retried until
/// `retryWindow` has passed; one that lost the connection while committing is reported as
/// possibly saved, never retried twice into a duplicate.
public final class SharedStore: Sendable {
    /// Connections one server holds at most (`--store-connections`).
    public static let defaultConnections = 16

    /// How long a request keeps trying while the database is unreachable (a restart); less
    /// than `RemoteStore.replyTimeout`, so the session hears this store's answer.
    public static let defaultRetryWindow: TimeInterval = 30

    public let location: PostgresLocation
    let retryWindow: TimeAmount
    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>
    /// Users whose sample data has been decided since the server started.
    let readyOwners = NIOLockedValueBox(Set<String>())

    private init(location: PostgresLocation, client: PostgresClient, retryWindow: TimeInterval, logger: Logger) {
        self.location = location
        self.retryWindow = .milliseconds(Int64(retryWindow * 1000))
        self.client = client
        self.logger = logger
        runner = Task { await client.run() }
    }

    /// Connects once to check the database (reachable, the password right, storyboard's own
    /// or empty) and bring its schema up to date, then starts the pool.
    public static func open(
        location: PostgresLocation, password: String?, connections: Int = defaultConnections,
        retryWindow: TimeInterval = defaultRetryWindow, logger: Logger
    ) async throws(SharedStoreError) -> SharedStore {
        try await prepare(location: location, password: password, logger: logger)
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: password,
            database: location.database, tls: clientTLS(location.tls))
        configuration.options.maximumConnections = connections
        configuration.options.minimumConnections = 0
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.keepAliveBehavior = .init(frequency: .seconds(30))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return SharedStore(location: location, client: client, retryWindow: retryWindow, logger: logger)
    }

    /// Stops the pool; requests in flight fail.
    public func close() {
        runner.cancel()
    }

    /// One connection for start-up work (the schema, `--import`), closed when `body` returns.
    static func withStartupConnection<T: Sendable>(
        location: PostgresLocation, password: String?, logger: Logger,
        _ body: (PostgresConnection) async throws -> T
    ) async throws(SharedStoreError) -> T {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: password,
            database: location.database, tls: try connectionTLS(location.tls))
        configuration.options.connectTimeout = .seconds(10)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw startupError(error, location: location)
        }
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            let cause = unwrapped(error)
            if let cause = cause as? SharedStoreError { throw cause }
            throw SharedStoreError.failed(location: location.description, operation: "preparing the store", reason: reason(cause))
        }
    }

    // MARK: - TLS

    private static func clientTLS(_ mode: PostgresLocation.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: return .disable
        case .prefer: return .prefer(unverified)
        case .require: return .require(unverified)
        case .verifyFull: return .require(.makeClientConfiguration())
        }
    }

    private static func connectionTLS(_ mode: PostgresLocation.TLSMode) throws(SharedStoreError) -> PostgresConnection.Configuration.TLS {
        do {
            switch mode {
            case .disable: return .disable
            case .prefer: return .prefer(try NIOSSLContext(configuration: unverified))
            case .require: return .require(try NIOSSLContext(configuration: unverified))
            case .verifyFull: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw .badURL(reason: "sslmode=\(mode.rawValue): cannot set up TLS: \(error)")
        }
    }

    /// `prefer` and `require` encrypt without checking who answers, as libpq's modes do.
    private static var unverified: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    // MARK: - Running requests

    /// Runs `body` in one transaction on a pooled connection; a write takes `owner`'s lock
    /// first. Retries while the database is unreachable, for `retryWindow` at most.
    func transaction<T: Sendable>(
        _ operation: String, owner: String, writes: Bool,
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(StoreError) -> T {
        let deadline = NIODeadline.now() + retryWindow
        var pause: TimeAmount = .milliseconds(100)
        while true {
            let committing = NIOLockedValueBox(false)
            do {
                return try await withDeadline(deadline) { [client, logger] in
                    try await client.withConnection { connection in
                        try await connection.query("BEGIN", logger: logger)
                        do {
                            if writes {
                                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(owner), 0))", logger: logger)
                            }
                            let value = try await body(connection, logger)
                            committing.withLockedValue { $0 = true }
                            try await connection.query("COMMIT", logger: logger)
                            return value
                        } catch {
                            if !committing.withLockedValue({ $0 }) { _ = try? await connection.query("ROLLBACK", logger: logger) }
                            throw error
                        }
                    }
                }
            } catch let error as StoreError {
                throw error
            } catch is DeadlinePassed {
                let seconds = (retryWindow.nanoseconds + 999_999_999) / 1_000_000_000
                let outcome = committing.withLockedValue { $0 }
                    ? "it may or may not be saved; look before trying again" : (writes ? "nothing was saved" : "try again")
                throw StoreError.databaseFailed(
                    path: location.description, operation: operation,
                    reason: "the database did not answer in \(seconds) seconds: \(outcome)")
            } catch {
                let lost = Self.isConnectionLoss(error)
                if lost && committing.withLockedValue({ $0 }) {
                    throw StoreError.databaseFailed(
                        path: location.description, operation: operation,
                        reason: "the connection was lost while committing: it may or may not be saved; look before trying again")
                }
                guard lost, NIODeadline.now() + pause < deadline else {
                    throw mapped(error, operation: operation)
                }
                logger.notice(
                    "store request retried", metadata: ["operation": "\(operation)", "reason": "\(DiagnosticText.escaped(Self.reason(error)))"])
                try? await Task.sleep(nanoseconds: UInt64(pause.nanoseconds))
                pause = min(pause * 2, .seconds(2))
            }
        }
    }

    func mapped(_ error: any Error, operation: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? PSQLError, error.code == .server {
            switch error.serverInfo?[.sqlState] {
            case "23514": return .invalidValue(field: error.serverInfo?[.constraintName] ?? "value", reason: "is out of range")
            case "23505": return .invalidValue(field: "name", reason: "is taken")
            case "23503": return .databaseFailed(path: location.description, operation: operation, reason: "it is still in use")
            default: break
            }
        }
        return .databaseFailed(path: location.description, operation: operation, reason: Self.reason(error))
    }

    /// Whether `error` means the connection is gone (or never came): the request did not run.
    static func isConnectionLoss(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return error is ChannelError || error is IOError }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return true
        case .server:
            // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection exceptions.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57P") || state.hasPrefix("08")
        default:
            return false
        }
    }

    /// The error inside a transaction's wrapper: what the body, the BEGIN or the COMMIT threw.
    static func unwrapped(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error
    }

    /// What went wrong, in the server's words when it said any; never a password.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return String(describing: underlying) }
        switch error.code {
        case .serverClosedConnection: return "the database closed the connection"
        case .sslUnsupported: return "the server does not offer TLS (sslmode=require asks for it)"
        case .authMechanismRequiresPassword: return "the server asks for a password, and none was found"
        default: return "\(error.code)"
        }
    }

    /// A start-up failure as the operator should read it.
    static func startupError(_ error: any Error, location: PostgresLocation) -> SharedStoreError {
        if let error = error as? PSQLError {
            let state = error.serverInfo?[.sqlState] ?? ""
            if state == "28P01" || state == "28000" || error.code == .authMechanismRequiresPassword
                || error.code == .unsupportedAuthMechanism || error.code == .saslError
            {
                return .authentication(location: location.description, reason: reason(error))
            }
            if error.code == .server {
                return .failed(location: location.description, operation: "connecting", reason: reason(error))
            }
        }
        return .unreachable(location: location.description, reason: reason(error))
    }
}

/// `withDeadline` ran out of time.
struct DeadlinePassed: Error {}

/// Runs `body`, cancelling it at `deadline` with `DeadlinePassed`: a pool that cannot
/// connect keeps a request waiting, and a session must hear something.
func withDeadline<T: Sendable>(_ deadline: NIODeadline, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            let left = deadline - .now()
            if left.nanoseconds > 0 { try await Task.sleep(nanoseconds: UInt64(left.nanoseconds)) }
            throw DeadlinePassed()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlinePassed() }
        return first
    }
}

// MARK: - For a command's synchronous `run()`

extension SharedStore {
    /// `open`, waited for: what `storyboard serve` calls before it starts listening.
    public static func openWaiting(
        location: PostgresLocation, password: String?, connections: Int = defaultConnections,
        retryWindow: TimeInterval = defaultRetryWindow, logger: Logger
    ) throws(SharedStoreError) -> SharedStore {
        try waiting { () async throws(SharedStoreError) in
            try await open(location: location, password: password, connections: connections, retryWindow: retryWindow, logger: logger)
        }
    }
}

extension SharedStoreImport {
    /// `run`, waited for.
    public static func runWaiting(
        dataDirectory: URL, location: PostgresLocation, password: String?, logger: Logger
    ) throws(SharedStoreError) -> [(owner: String, outcome: Outcome)] {
        try waiting { () async throws(SharedStoreError) in
            try await run(dataDirectory: dataDirectory, location: location, password: password, logger: logger)
        }
    }
}

/// Runs `body` on the concurrency pool and blocks this (non-pool) thread until it is done.
func waiting<T: Sendable>(_ body: @escaping @Sendable () async throws(SharedStoreError) -> T) throws(SharedStoreError) -> T {
    let result = NIOLockedValueBox<Result<T, SharedStoreError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(SharedStoreError) {
            let value = try await body()
            result.withLockedValue { $0 = .success(value) }
        } catch {
            result.withLockedValue { $0 = .failure(error) }
        }
        done.signal()
    }
    done.wait()
    return try result.withLockedValue { $0! }.get()
}
