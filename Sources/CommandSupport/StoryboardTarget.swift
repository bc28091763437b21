import BundledStoryboards
import Flow
import FoundationEssentials
import Glibc

/// What a command was asked to open: a storyboard file, or a bundled storyboard by name.
///
/// Every subcommand resolves its targets here, so `run`, `render`, `check`, `graph`,
/// `unwind` and `monkey` accept the same things and fail the same way: a path that exists
/// is a file; anything else is looked up among the bundled storyboards (`dailybuzz`,
/// `Colorboard.storyboard`); anything else again is one line naming the target and the
/// bundled names, with exit status 2.
public struct StoryboardTarget: Sendable {
    /// The file to read.
    public let url: URL
    /// Whether the file is one of the bundled storyboards.
    public let isBundled: Bool

    /// Resolves `target`; the failure is one line for standard error, already escaped.
    public static func resolve(_ target: String) throws(CommandFailure) -> StoryboardTarget {
        let shown = "\"" + DiagnosticText.escaped(target) + "\""
        var status = stat()
        if !target.isEmpty, stat(target, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw CommandFailure(status: .usage, message: "\(shown) is a directory, not a storyboard file")
            }
            return StoryboardTarget(url: URL(fileURLWithPath: target), isBundled: false)
        }
        if let bundled = BundledStoryboards.url(named: target) {
            return StoryboardTarget(url: bundled, isBundled: true)
        }
        throw CommandFailure(status: .usage, message: "no file or bundled storyboard named \(shown) (bundled: \(bundledNames))")
    }

    /// The bundled names as commands take them, for messages and help.
    public static var bundledNames: String {
        BundledStoryboards.names.map { $0.lowercased() }.joined(separator: ", ")
    }

    /// The path shown in diagnostics: the file as given, or the bundled file's full path.
    public var displayPath: String { isBundled ? url.path : url.relativePath }

    /// The file's bytes. Errors name the file and say why, in the system's words
    /// ("Permission denied"), never a generic "could not be completed".
    public func read() throws(CommandFailure) -> Data {
        let path = url.path
        let shown = "\"" + DiagnosticText.escaped(displayPath) + "\""
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(reading: shown) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure(reading: shown)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return Data(bytes)
    }

    /// Fails, as `read()` would, when the file cannot be opened for reading.
    public func checkReadable() throws(CommandFailure) {
        guard access(url.path, R_OK) == 0 else {
            throw Self.failure(reading: "\"" + DiagnosticText.escaped(displayPath) + "\"")
        }
    }

    private static func failure(reading shown: String) -> CommandFailure {
        let reason = String(cString: strerror(errno))
        return CommandFailure(status: .usage, message: "cannot read \(shown): \(reason)")
    }
}
