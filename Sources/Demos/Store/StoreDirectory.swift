#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the store lives, and making sure that place exists and is private.
enum StoreDirectory {
    /// `$XDG_DATA_HOME/storyboard`, or `~/.local/share/storyboard`.
    ///
    /// The XDG base directory spec says a relative `XDG_DATA_HOME` is invalid and must be
    /// ignored, so only an absolute one is honoured.
    static func defaultURL(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("storyboard", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeFromPasswordFile()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local", isDirectory: true)
            .appendingPathComponent("share", isDirectory: true)
            .appendingPathComponent("storyboard", isDirectory: true)
    }

    /// The two variables `defaultURL` reads, from this process's environment.
    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The user's home directory from the password database, for a process started without
    /// `HOME`; "/" if the user has no entry.
    private static func homeFromPasswordFile() -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let status = getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result)
        guard status == 0, result != nil, let directory = entry.pw_dir else { return "/" }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : "/"
    }

    /// Creates `url` (and missing parents) with mode 0700; an existing directory keeps its mode,
    /// because the user may have chosen to share it. Errors name the directory and give the
    /// system's reason.
    static func prepare(_ url: URL) throws(StoreError) {
        let path = url.path
        switch kind(of: path) {
        case .directory:
            return
        case .other:
            throw .directoryUnavailable(path: path, reason: "a file with this name exists and is not a directory")
        case .missing:
            break
        case .unreadable(let code):
            throw .directoryUnavailable(path: path, reason: systemReason(code))
        }
        // Each missing directory from the top down, as `mkdir -p -m 0700` would make them.
        var partial = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + component
            guard mkdir(partial, 0o700) != 0 else { continue }
            let code = errno
            // EEXIST: it was there already, or another process made it just now.
            if code == EEXIST, case .directory = kind(of: partial) { continue }
            let problem = code == EEXIST ? "a file with this name exists and is not a directory" : systemReason(code)
            let reason = partial == path ? problem : "cannot create \(partial): \(problem)"
            throw .directoryUnavailable(path: path, reason: reason)
        }
    }

    /// Whether there is anything at `path`; a place this process may not look into is an
    /// error naming the directory that holds it.
    static func exists(_ path: String) throws(StoreError) -> Bool {
        switch kind(of: path) {
        case .directory, .other: return true
        case .missing: return false
        case .unreadable(let code):
            throw .directoryUnavailable(
                path: URL(fileURLWithPath: path).deletingLastPathComponent().path, reason: systemReason(code))
        }
    }

    /// A new, empty, private directory under `$TMPDIR` (else `/tmp`), named after `prefix`.
    static func makeTemporary(prefix: String) throws(StoreError) -> URL {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else {
            throw .directoryUnavailable(path: base, reason: "cannot make a temporary folder: " + systemReason(errno))
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    private enum Kind {
        case directory, other, missing
        case unreadable(Int32)
    }

    /// What is at `path`, following symbolic links (a link to a directory is a directory).
    private static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            // ENOTDIR: a parent is a file; the walk in `prepare` names which.
            return code == ENOENT || code == ENOTDIR ? .missing : .unreadable(code)
        }
        return status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) ? .directory : .other
    }

    /// The system's text for an `errno` value ("Permission denied").
    private static func systemReason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
