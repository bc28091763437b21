import Flow
import Glibc

/// The file that keeps a storyboard's screens between runs, read and written with the
/// system calls themselves, so that a failure says the system's reason and names the file.
struct StateFile {
    /// The file's path.
    let path: String

    init(path: String) {
        self.path = path
    }

    /// The state file of `storyboard` in `folder`: named after the storyboard alone when it is
    /// bundled, else also after its app's folder and its place there (see
    /// ``Storyboard/stateFileName(folder:)``).
    init(folder: String, storyboard: Storyboard, index: StoryboardIndex?) {
        path = folder + "/" + storyboard.stateFileName(folder: index)
    }

    /// The file's bytes, or nil when it does not exist or cannot be read (the app then
    /// starts at the first scene, as with no saved state).
    func read() -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Replaces the file with `bytes` in one step (a new file renamed over it), creating its
    /// directory with mode 0700 if needed. The failure is one line naming the file.
    func write(_ bytes: [UInt8]) throws(StateFileError) {
        try Self.makeDirectory(Self.directory(of: path))
        // A name of this process's own: two instances on one store may save at once, and each
        // must rename a file only it wrote.
        let temporary = path + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StateFileError(path: temporary) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let failure = StateFileError(path: temporary)
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            offset += written
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, path) == 0 else {
            let failure = StateFileError(path: path)
            unlink(temporary)
            throw failure
        }
    }

    /// Removes the file; a missing one is fine.
    func remove() {
        unlink(path)
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// `mkdir -p` with mode 0700 for what it creates; existing directories keep their mode.
    private static func makeDirectory(_ path: String) throws(StateFileError) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, path != "/", path != "." else { throw StateFileError(path: path) }
        try makeDirectory(directory(of: path))
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw StateFileError(path: path) }
    }
}

/// A state file that could not be written: the path and the system's reason, read from
/// `errno` when the error is made.
struct StateFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    init(path: String) {
        self.path = path
        reason = String(cString: strerror(errno))
    }

    var description: String { "\(path): \(reason)" }
}
