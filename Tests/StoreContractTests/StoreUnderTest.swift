import Demos
import Foundation
import Logging
import PostgresStore
import TestSupport
import Testing

/// The two implementations of `Store` the contract runs on.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A store to test, and what keeps it alive: for SQLite a data folder; for PostgreSQL a
/// database of its own on the shared throwaway cluster, a `SharedStore` serving it, and a
/// socket pair whose one end a `RemoteStore` uses as a session process would.
final class StoreUnderTest: @unchecked Sendable {
    let kind: StoreKind
    private var folder: URL?
    private(set) var shared: SharedStore?
    private(set) var database: String?

    private init(kind: StoreKind) {
        self.kind = kind
    }

    static func make(_ kind: StoreKind) async throws -> StoreUnderTest {
        let subject = StoreUnderTest(kind: kind)
        switch kind {
        case .sqlite:
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-contract-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            subject.folder = folder
        case .postgres:
            let cluster = try PostgresCluster.shared.get()
            let database = try cluster.makeDatabase()
            subject.database = database
            subject.shared = try await openShared(cluster, database: database)
        }
        return subject
    }

    deinit {
        shared?.close()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    static var logger: Logger {
        var logger = Logger(label: "store-tests")
        logger.logLevel = .critical
        return logger
    }

    /// The shared store on `database`. Tests use the async calls: the waiting ones block
    /// their thread, and a test's thread is one of the concurrency pool's few.
    static func openShared(_ cluster: PostgresCluster, database: String, retryWindow: TimeInterval = 30) async throws -> SharedStore {
        let location = try PostgresLocation(parsing: cluster.url(database: database), loginName: "nobody")
        return try await SharedStore.open(
            location: location, password: cluster.password, connections: 4, retryWindow: retryWindow, logger: logger)
    }

    /// A new store on the same data, as another process of the same user would open it: a
    /// second `DemoStore` on the folder, or a second session (`owner`) of the shared store.
    func open(owner: String = "owner-a") throws -> any Store {
        switch kind {
        case .sqlite:
            return try DemoStore.open(dataDirectory: folder!)
        case .postgres:
            return try Self.session(of: shared!, owner: owner)
        }
    }

    /// A `RemoteStore` whose requests `shared` answers as `owner`.
    static func session(of shared: SharedStore, owner: String) throws -> RemoteStore {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw PostgresCluster.ClusterError(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        shared.serveSession(descriptor: pair[1], owner: owner)
        return RemoteStore(descriptor: pair[0])
    }
}

/// Runs `body` on a thread of its own and waits for it: a `RemoteStore` blocks its caller
/// until the server answers, and the server answers on the concurrency pool, which a test
/// must not hold.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
}
