import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `store-helper` executable run as a child, with its stdout read line by line against a deadline.
final class StoreHelperProcess {
    /// Where SwiftPM put `store-helper`: beside the test binary (or the .xctest bundle),
    /// unless `STORE_HELPER` names it.
    static func executableURL() throws -> URL {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["STORE_HELPER"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        var starts: [URL] = []
        if let selfPath = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: selfPath))
        }
        if let main = Bundle.main.executableURL { starts.append(main) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
        for test in Bundle.allBundles where test.bundlePath.hasSuffix(".xctest") {
            starts.append(test.bundleURL.appendingPathComponent("x"))
        }
        for start in starts {
            // Walk up a few levels: on macOS the binary is inside Foo.xctest/Contents/MacOS.
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("store-helper"))
                directory = directory.deletingLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) }) else {
            throw HelperError("store-helper not found; looked in \(candidates.map(\.path)); "
                + "build it with `swift build --target store-helper` or set STORE_HELPER")
        }
        return found
    }

    struct HelperError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    init(_ arguments: [String]) throws {
        // Writing to a helper that already died must be a thrown error, not a SIGPIPE that
        // takes the whole test run down.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = try Self.executableURL()
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
    }

    /// The next line of stdout, or nil at end of file; throws if none comes before `deadline`.
    func nextLine(before deadline: Date) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                if buffer.isEmpty { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw HelperError("store-helper sent no output before the deadline") }
            var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { throw HelperError("poll failed: errno \(errno)") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw HelperError("read failed: errno \(errno)")
            }
            if count == 0 { reachedEnd = true } else { buffer.append(contentsOf: chunk[..<count]) }
        }
    }

    /// Every remaining line until the helper closes stdout.
    func remainingLines(before deadline: Date) throws -> [String] {
        var lines: [String] = []
        while let line = try nextLine(before: deadline) { lines.append(line) }
        return lines
    }

    /// Writes one line to the helper's stdin.
    func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends SIGKILL: no handler, no cleanup, no flushing.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for exit (only call once stdout has ended or the process was killed) and returns
    /// the exit status and what it wrote on stderr.
    func finish() -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        process.waitUntilExit()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, process.terminationReason, String(decoding: data, as: UTF8.self))
    }
}
