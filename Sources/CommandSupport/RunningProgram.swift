import Glibc

/// The program that is running.
public enum RunningProgram {
    /// Its path, `/proc/self/exe` resolved (so that `ps` shows a program it starts by its
    /// name), or the link itself when it cannot be read.
    public static var path: String {
        let link = "/proc/self/exe"
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &path, path.count - 1)
        guard length > 0 else { return link }
        return String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory it is in.
    public static var directory: String {
        let path = self.path
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }
}
