import Flow
import Foundation
import Glibc

/// A temporary folder whose files a test writes as editors and tools do: renamed over the
/// old file, rewritten in place, deleted and made again. Removed with the object.
public final class LiveFolder {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/live-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw DriverError("mkdtemp failed") }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The file `name` in the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to a new file beside `name` and renames it over `name`, as Xcode and most
    /// editors save.
    public func save(_ name: String, _ text: String) throws {
        let temporary = file(".\(name).saving")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, file(name).path) == 0 else { throw DriverError("rename failed") }
    }

    /// Truncates `name` and writes `text` into the same file, as `vim` with `backupcopy=yes`
    /// and shell redirections do.
    public func rewrite(_ name: String, _ text: String) throws {
        let descriptor = open(file(name).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw DriverError("open failed") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw DriverError("write failed") }
            written += count
        }
    }

    /// Deletes `name`.
    public func remove(_ name: String) throws {
        try FileManager.default.removeItem(at: file(name))
    }
}
