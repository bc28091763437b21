import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL cluster for the shared store's tests: `initdb` in a temporary
/// folder, `postgres` on a free port of 127.0.0.1 with password (SCRAM) logins over TCP, stopped
/// and removed when the value goes away (and, for the one `shared` cluster, at exit).
///
/// PostgreSQL refuses to run as root: run as root (as CI is), the binaries run as the
/// `postgres` user through `runuser`, in a folder that user owns. They are found on PATH or
/// under /usr/lib/postgresql/VERSION/bin (Debian's `postgresql` package).
public final class PostgresCluster: @unchecked Sendable {
    /// The superuser the tests log in as, and its password.
    public let user = "storyboard"
    public let password = "throwaway-\(UUID().uuidString.prefix(8))"
    public let host = "127.0.0.1"
    public private(set) var port: Int = 0
    /// The temporary folder: the data directory, the socket and the log.
    public let folder: URL
    private let binaries: URL
    private var running = false

    /// The one cluster most suites share, each test in a database of its own.
    public static let shared: Result<PostgresCluster, ClusterError> = {
        do {
            let cluster = try PostgresCluster()
            sharedFolder = cluster.folder.path
            sharedBinaries = cluster.binaries.path
            atexit { PostgresCluster.stopSharedAtExit() }
            return .success(cluster)
        } catch let error as ClusterError {
            return .failure(error)
        } catch {
            return .failure(ClusterError(description: "\(error)"))
        }
    }()

    nonisolated(unsafe) private static var sharedFolder: String?
    nonisolated(unsafe) private static var sharedBinaries: String?

    private static func stopSharedAtExit() {
        guard let folder = sharedFolder, let binaries = sharedBinaries else { return }
        _ = try? run(binaries + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"], asPostgres: true)
        try? FileManager.default.removeItem(atPath: folder)
    }

    public struct ClusterError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Makes and starts a new cluster.
    public init() throws {
        binaries = try Self.findBinaries()
        // In /tmp rather than $TMPDIR: the postgres user must reach it, and a TMPDIR under a
        // private home would be closed to it.
        folder = URL(fileURLWithPath: "/tmp/storyboard-pg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if getuid() == 0 {
            guard let entry = getpwnam("postgres") else {
                throw ClusterError(description: "running as root, PostgreSQL needs the postgres user (apt-get install postgresql)")
            }
            chown(folder.path, entry.pointee.pw_uid, entry.pointee.pw_gid)
        }
        let passwordFile = folder.appendingPathComponent("password").path
        FileManager.default.createFile(atPath: passwordFile, contents: Data((password + "\n").utf8), attributes: [.posixPermissions: 0o600])
        if getuid() == 0, let entry = getpwnam("postgres") { chown(passwordFile, entry.pointee.pw_uid, entry.pointee.pw_gid) }
        try Self.run(binaries.path + "/initdb", [
            "-D", folder.path + "/data", "-U", user, "--pwfile", passwordFile, "-E", "UTF8", "--no-locale",
            "--auth-local=trust", "--auth-host=scram-sha-256", "--no-sync",
        ], asPostgres: getuid() == 0)
        try start()
    }

    deinit {
        if Self.sharedFolder != folder.path { stop(remove: true) }
    }

    /// Starts the server on a free port (a new one each time, unless `samePort`).
    public func start(samePort: Bool = false) throws {
        if !samePort || port == 0 { port = try Self.freePort() }
        try Self.run(binaries.path + "/pg_ctl", [
            "-D", folder.path + "/data", "-l", folder.path + "/log", "-w", "-t", "60",
            "-o", "-p \(port) -k \(folder.path) -c listen_addresses=\(host) -c fsync=off -c max_connections=100",
            "start",
        ], asPostgres: getuid() == 0)
        running = true
    }

    /// Stops the server at once (`-m immediate`, as a crash would); with `remove`, deletes the folder.
    public func stop(remove: Bool = false) {
        if running {
            _ = try? Self.run(binaries.path + "/pg_ctl", ["-D", folder.path + "/data", "-m", "immediate", "-w", "stop"], asPostgres: getuid() == 0)
            running = false
        }
        if remove { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs SQL as the superuser through `psql` on `database`; returns its output (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(binaries.path + "/psql", [
            "-h", folder.path, "-p", "\(port)", "-U", user, "-d", database, "-v", "ON_ERROR_STOP=1", "-At", "-c", sql,
        ], asPostgres: getuid() == 0)
    }

    /// A new, empty database; its name.
    public func makeDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        try psql("CREATE DATABASE \(name)")
        return name
    }

    /// `postgres://user@127.0.0.1:port/database?sslmode=disable`.
    public func url(database: String) -> String {
        "postgres://\(user)@\(host):\(port)/\(database)?sslmode=disable"
    }

    private static func findBinaries() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
            // Debian links only some of the binaries onto PATH: use the folder the link points into.
            let resolved = URL(fileURLWithPath: "\(directory)/initdb").resolvingSymlinksInPath().deletingLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: resolved.path + "/pg_ctl") { return resolved }
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap { Int($0) }.sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") {
            return URL(fileURLWithPath: "\(root)/\(version)/bin", isDirectory: true)
        }
        throw ClusterError(description: "PostgreSQL's initdb is not installed (apt-get install postgresql); .ci/run installs it")
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0 else { throw ClusterError(description: "no free port: \(String(cString: strerror(errno)))") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a PostgreSQL program (as `postgres` through `runuser` when asked); its standard
    /// output, or an error with what it printed.
    ///
    /// With `posix_spawn` and `waitpid` rather than `Process`: `pg_ctl start` leaves the server
    /// running, and `Process` learns of its child's end from a descriptor the server would
    /// inherit and keep open, so it would wait for the server to stop.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String], asPostgres: Bool) throws -> String {
        // From /, which the postgres user may enter whatever folder the tests run in.
        let command = (asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] : [program]) + arguments
        let argumentList = ["/bin/sh", "-c", "cd / && exec \"$@\"", "sh"] + command
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-pg-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment.removeValue(forKey: "PGPASSWORD")
        let argv: [UnsafeMutablePointer<CChar>?] = argumentList.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argumentList[0], &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw ClusterError(description: "cannot run \(argumentList[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        // Exited normally with status 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ClusterError(description: "\(URL(fileURLWithPath: program).lastPathComponent) failed: \(printed)")
        }
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
