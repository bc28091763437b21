import Glibc

/// Where a merge's result goes: a file replaced in one step (a new file renamed over the old,
/// with the old one's permissions), so git never sees half a result, or standard output.
enum MergeOutput {
    struct Failure: Error {
        let reason: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let prefix: String = directory.isEmpty ? "/" : directory + "/"
        var template = (prefix + "." + base + ".merge-XXXXXX").utf8CString
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var status = stat()
        let mode: mode_t = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        fchmod(descriptor, mode)
        let written = writeAll(bytes, to: descriptor) && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard written, closed else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(reason: reason)
        }
    }

    static func writeStandardOutput(_ bytes: [UInt8]) {
        _ = writeAll(bytes, to: STDOUT_FILENO)
    }

    /// Writes every byte, retrying after interruptions and short writes.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}
