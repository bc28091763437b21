import Foundation
import Glibc

/// The private link's secret: 32 random bytes, base64url, kept in `DATA/web/token` (owner
/// only) so the link stays the same across restarts, until `--new-token` makes another. The
/// link carries it in its fragment (`/#token=…`), which browsers never send in a request, a
/// `Referer` or a proxy's log; the page sends it in its first message.
enum WebToken {
    /// The token in `directory`, made (or made again) when missing or asked for.
    static func loadOrCreate(in directory: URL, renew: Bool) throws(SessionError) -> String {
        let file = directory.appendingPathComponent("token")
        if !renew, let data = try? Data(contentsOf: file),
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            isPlausible(text)
        {
            return text
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed("cannot create \(DiagnosticNames.shown(directory.path, limit: 200))")
        }
        // The system generator reads the kernel's (getrandom): fit for secrets.
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let temporary = file.path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system("cannot write \(DiagnosticNames.shown(temporary, limit: 200))", errno) }
        let line = Array((token + "\n").utf8)
        let written = write(descriptor, line, line.count)
        close(descriptor)
        guard written == line.count, rename(temporary, file.path) == 0 else {
            throw .system("cannot write \(DiagnosticNames.shown(file.path, limit: 200))", errno)
        }
        return token
    }

    /// Whether text looks like a token this server made (base64url, 16 to 128 characters).
    static func isPlausible(_ text: String) -> Bool {
        (16...128).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    /// Compares in time that depends only on the lengths, not on where the texts differ.
    static func matches(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count {
            difference |= (index < a.count ? a[index] : 0) ^ b[index]
        }
        return difference == 0
    }
}
