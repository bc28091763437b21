import Crypto
import Foundation
import Glibc

/// The server's Ed25519 host key: created on first start, reused after, so clients never
/// see "host identification has changed".
///
/// Stored as `DIRECTORY/ssh_host_ed25519_key` (OpenSSH's private key format, mode 0600) with
/// the public line beside it in `ssh_host_ed25519_key.pub`, in a directory of mode 0700. As
/// sshd does, a private key file that others may read is refused rather than used.
public enum HostKeyStore {
    /// The private key file's name.
    public static let fileName = "ssh_host_ed25519_key"

    /// The host key in `directory`, created there when there is none.
    ///
    /// - Returns: the key and whether it was created now.
    public static func loadOrCreate(in directory: URL) throws(HostKeyError) -> (key: Curve25519.Signing.PrivateKey, created: Bool) {
        try makePrivateDirectory(directory)
        let url = directory.appendingPathComponent(fileName)
        if let key = try load(from: url) { return (key, false) }
        let key = Curve25519.Signing.PrivateKey()
        let comment = "storyboard-serve@" + hostName()
        let text = OpenSSHPrivateKey.encode(key, comment: comment)
        // Written under a temporary name and linked into place, so a second server starting
        // at the same moment never reads half a file, and never replaces a key already there.
        let temporary = directory.appendingPathComponent(".\(fileName).\(getpid()).tmp")
        try writeNew(Array(text.utf8), to: temporary, mode: 0o600)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) != 0 {
            let reason = errno
            if reason == EEXIST, let existing = try load(from: url) { return (existing, false) }
            throw .unusable(path: url.path, reason: String(cString: strerror(reason)))
        }
        let publicURL = directory.appendingPathComponent(fileName + ".pub")
        unlink(publicURL.path)
        try writeNew(Array((OpenSSHPrivateKey.publicLine(of: key.publicKey, comment: comment) + "\n").utf8), to: publicURL, mode: 0o644)
        return (key, true)
    }

    /// The key at `url`; nil when there is no file.
    static func load(from url: URL) throws(HostKeyError) -> Curve25519.Signing.PrivateKey? {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .unusable(path: url.path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & 0o077 == 0 else {
            throw .unprotected(path: url.path, mode: status.st_mode & 0o777)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unusable(path: url.path, reason: String(cString: strerror(errno)))
        }
        do {
            return try OpenSSHPrivateKey.decode(String(decoding: data, as: UTF8.self)).key
        } catch {
            throw .unusable(path: url.path, reason: error.description)
        }
    }

    /// Creates `directory` with mode 0700 (and its parents, 0700 too), or checks that it exists.
    static func makePrivateDirectory(_ directory: URL) throws(HostKeyError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unusable(path: directory.path, reason: "cannot create the directory")
        }
        _ = chmod(directory.path, 0o700)
    }

    private static func writeNew(_ bytes: [UInt8], to url: URL, mode: mode_t) throws(HostKeyError) {
        unlink(url.path)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .unusable(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unusable(path: url.path, reason: String(cString: strerror(errno)))
            }
            written += count
        }
        // The umask may have taken bits away from the public file; the private one has none to lose.
        _ = fchmod(descriptor, mode)
        guard fsync(descriptor) == 0 else { throw .unusable(path: url.path, reason: String(cString: strerror(errno))) }
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." } && !name.isEmpty ? name : "localhost"
    }
}

/// Why the host key cannot be used; the server does not start.
public enum HostKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Others may read the private key file.
    case unprotected(path: String, mode: mode_t)
    /// The file or directory cannot be read, written or understood.
    case unusable(path: String, reason: String)

    /// One line for the operator, the path escaped.
    public var description: String {
        switch self {
        case .unprotected(let path, let mode):
            "host key \(DiagnosticNames.shown(path, limit: 200)) is readable by others (mode \(String(mode, radix: 8))): run chmod 600 on it"
        case .unusable(let path, let reason):
            "host key \(DiagnosticNames.shown(path, limit: 200)): \(reason)"
        }
    }
}
