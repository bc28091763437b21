#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the files every command takes in (storyboards, `.strings`, property lists, string
/// catalogs) whole, with `open(2)` and `read(2)`, and never more than ``sizeLimit`` of them.
///
/// A regular file is measured before a byte is read, so a file too large (a 3 GB sparse
/// file) fails at once; anything else (`/dev/zero`, a pipe, a FIFO) is read up to the limit
/// and no further. A FIFO is opened without waiting for a writer: with none, it is empty. A
/// failure says the system's reason ("No such file or directory", "Permission denied"), not
/// Foundation's generic sentence, and the bytes are read once, into the buffer the reader
/// then checks and parses.
public enum InputFile {
    /// The most any one input file may hold: far above any storyboard Xcode writes (the
    /// largest seen are under 1 MiB), and small enough that reading it costs no one.
    public static let sizeLimit = 64 << 20

    /// Whether `path` names a regular file (following links), by `stat(2)`.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The contents of the file at `path`, at most `limit` bytes, or why they cannot be had.
    public static func read(path: String, limit: Int = sizeLimit) -> Result<[UInt8], InputFileError> {
        // Without O_NONBLOCK, opening a FIFO waits for a writer that may never come.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(.folder) }
        // Reads wait for data again (a pipe's writer that is slow, not absent).
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let isRegular = type == S_IFREG
        if isRegular, Int(status.st_size) > limit { return .failure(.tooLarge(size: Int(status.st_size), limit: limit)) }
        // A regular file gets one byte more than its size, so one exactly as long as it says
        // ends with a zero-length read inside the buffer; anything else is read in chunks.
        let first = isRegular ? max(Int(status.st_size), 0) + 1 : 64 * 1024
        var failure: InputFileError?
        var reachedEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: min(first, limit + 1)) { buffer, count in
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
        // A file still growing, or a stream: read on, a chunk at a time, up to one byte past
        // the limit, which says it is over.
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !reachedEnd {
            if bytes.count > limit { return .failure(.tooLarge(size: nil, limit: limit)) }
            let room = min(chunk.count, limit + 1 - bytes.count)
            let result = chunk.withUnsafeMutableBytes { Self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<room])) }
            switch result {
            case .failure(let error): return .failure(error)
            case .success(0): reachedEnd = true
            case .success(let read): bytes.append(contentsOf: chunk[0..<read])
            }
        }
        if bytes.count > limit { return .failure(.tooLarge(size: nil, limit: limit)) }
        return .success(bytes)
    }

    /// One `read(2)`, retried when a signal interrupts it.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, InputFileError> {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(.system(errno)) }
        }
    }
}

/// `read(2)`, under a name the members of ``InputFile`` do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why an input file could not be read.
public enum InputFileError: Error, Sendable, Equatable {
    /// The system's reason, by error number.
    case system(Int32)
    /// More than the limit: a regular file's size, or `nil` for a stream cut off at the limit.
    case tooLarge(size: Int?, limit: Int)
    /// A folder where a file was wanted.
    case folder

    /// What went wrong, as the rest of a sentence about the file: `cannot read the file:
    /// Permission denied`, `the file is too large (3221225472 bytes; at most 64 MiB)`.
    public var reason: String {
        switch self {
        case .system(let number): "cannot read the file: " + String(cString: strerror(number))
        case .tooLarge(let size?, let limit): "the file is too large (\(size) bytes; at most \(InputFileError.mebibytes(limit)))"
        case .tooLarge(nil, let limit): "the file is too large (more than \(InputFileError.mebibytes(limit)))"
        case .folder: "it is a folder, not a file"
        }
    }

    /// One line naming the file, `shown` (already quoted and escaped): `cannot read "a.strings":
    /// Permission denied`, `"big.storyboard" is too large (…)`.
    public func message(about shown: String) -> String {
        switch self {
        case .system(let number): "cannot read \(shown): " + String(cString: strerror(number))
        case .tooLarge: "\(shown) is " + reason.dropFirst("the file is ".count)
        case .folder: "\(shown) is a folder, not a file"
        }
    }

    private static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
