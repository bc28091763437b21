#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with `open(2)` and `read(2)`, into one buffer of the file's size.
///
/// A failure says the system's reason ("No such file or directory", "Permission denied"),
/// not Foundation's generic sentence, and the bytes are read once, into the buffer the
/// loader then checks and parses.
enum FileBytes {
    /// Whether `path` names a regular file (following links), by `stat(2)`.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The contents of the file at `path`, or the system's reason for not reading it.
    static func read(path: String) -> Result<[UInt8], FileReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileReadError(errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(FileReadError(errno: errno)) }
        // One byte more than the size, so a file that is exactly as long as it says ends
        // with a zero-length read inside the buffer; a file still growing reads on below.
        let expected = status.st_size > 0 ? Int(status.st_size) : 0
        var failure: FileReadError?
        var reachedEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let result = Self.read(descriptor, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
                switch result {
                case .failure(let error):
                    failure = error
                    return
                case .success(0):
                    reachedEnd = true
                    return
                case .success(let read):
                    count += read
                }
            }
        }
        if let failure { return .failure(failure) }
        if !reachedEnd {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let result = chunk.withUnsafeMutableBytes { Self.read(descriptor, into: $0) }
                switch result {
                case .failure(let error): return .failure(error)
                case .success(0): return .success(bytes)
                case .success(let read): bytes.append(contentsOf: chunk[0..<read])
                }
            }
        }
        return .success(bytes)
    }

    /// One `read(2)`, retried when a signal interrupts it.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, FileReadError> {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(FileReadError(errno: errno)) }
        }
    }
}

/// `read(2)`, under a name the members of ``FileBytes`` do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why a file could not be read, in the system's words.
struct FileReadError: Error {
    /// `strerror`'s text for the error number.
    let reason: String

    init(errno number: Int32) {
        reason = String(cString: strerror(number))
    }
}
