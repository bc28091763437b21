import Foundation
import Glibc
import Logging
import NIOConcurrencyHelpers
import NIOSSH

/// An `authorized_keys` file read again whenever it changes, as sshd reads it at each
/// login: keys added or removed take effect without a restart.
public final class AuthorizedKeysFile: Sendable {
    /// The file's path.
    public let path: String
    private let logger: Logger
    private let state = NIOLockedValueBox<Loaded?>(nil)

    private struct Loaded {
        var keys: AuthorizedKeys
        var identity: FileIdentity
    }

    /// What tells one version of the file from another without reading it.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var isRegularFile: Bool

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        }
    }

    /// Reads the file once; throws when it cannot be read, so the server does not start
    /// without its keys.
    public init(path: String, logger: Logger) throws(AuthorizedKeysError) {
        self.path = path
        self.logger = logger
        guard let loaded = try Self.read(path: path, logger: logger) else { throw .missing(path: path) }
        state.withLockedValue { $0 = loaded }
    }

    /// The keys now allowed. A file that became unreadable allows no one until it is back.
    public func currentKeys() -> Set<NIOSSHPublicKey> {
        let identity = Self.identity(of: path)
        if let cached = state.withLockedValue({ $0 }), cached.identity == identity {
            return cached.keys.keys
        }
        do {
            guard let loaded = try Self.read(path: path, logger: logger) else {
                logger.warning("authorized keys file is gone: no key is accepted", metadata: ["file": "\(DiagnosticNames.shown(path))"])
                state.withLockedValue { $0 = nil }
                return []
            }
            state.withLockedValue { $0 = loaded }
            logger.info("authorized keys reloaded", metadata: ["file": "\(DiagnosticNames.shown(path))", "keys": "\(loaded.keys.keys.count)"])
            return loaded.keys.keys
        } catch {
            logger.warning("authorized keys file unreadable: no key is accepted", metadata: ["file": "\(DiagnosticNames.shown(path))", "error": "\(error)"])
            state.withLockedValue { $0 = nil }
            return []
        }
    }

    /// How many keys the file allows now.
    public var keyCount: Int { currentKeys().count }

    private static func read(path: String, logger: Logger) throws(AuthorizedKeysError) -> Loaded? {
        guard let identity = identity(of: path) else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard identity.isRegularFile else { throw .notRegularFile(path: path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let keys = AuthorizedKeys(parsing: String(decoding: data, as: UTF8.self))
        for line in keys.skipped {
            logger.warning("authorized key skipped", metadata: ["file": "\(DiagnosticNames.shown(path))", "line": "\(line.line)", "reason": "\(line.reason)"])
        }
        return Loaded(keys: keys, identity: identity)
    }

    private static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim, isRegularFile: status.st_mode & S_IFMT == S_IFREG)
    }
}

/// Why the authorized keys cannot be read when the server starts.
public enum AuthorizedKeysError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No such file.
    case missing(path: String)
    /// The system refused to read it.
    case unreadable(path: String, reason: String)
    /// A device, a directory or a pipe: not a list of keys (`/dev/null` for "no one").
    case notRegularFile(path: String)

    /// One line for the operator, the path escaped.
    public var description: String {
        switch self {
        case .missing(let path):
            "no authorized keys: \(DiagnosticNames.shown(path)) does not exist (give --authorized-keys FILE, or --open to let anyone in)"
        case .unreadable(let path, let reason):
            "cannot read the authorized keys \(DiagnosticNames.shown(path)): \(reason)"
        case .notRegularFile(let path):
            "the authorized keys \(DiagnosticNames.shown(path)) is not a regular file: give a file of keys (an empty one lets no one log in over SSH), or --no-ssh to serve only the web page"
        }
    }
}
