import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The storyboard files shipped with the app, found from any working directory.
///
/// Found without Foundation's `Bundle` (which would link the whole of Foundation into the
/// app for one path): SwiftPM copies this target's files into
/// `storyboard_BundledStoryboards.resources` beside the programs it builds, tests included;
/// failing that, the source tree's copy is used, as `Bundle.module` itself falls back to.
public enum BundledStoryboards {
    /// The folder holding the bundled `.storyboard` files.
    public static let directory: URL = {
        let beside = runningProgramDirectory() + "/" + resourceFolder + "/storyboards"
        if isDirectory(beside) { return URL(fileURLWithPath: beside, isDirectory: true) }
        let source = #filePath
        let sourceDirectory = source.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(source[..<$0]) } ?? "."
        return URL(fileURLWithPath: sourceDirectory + "/storyboards", isDirectory: true)
    }()

    /// The bundled file whose name matches `name` case-insensitively (`dailybuzz`,
    /// `DailyBuzz.storyboard`), if any.
    public static func url(named name: String) -> URL? {
        var wanted = name.lowercased()
        if wanted.hasSuffix(".storyboard") { wanted.removeLast(".storyboard".count) }
        guard let match = names.first(where: { $0.lowercased() == wanted }) else { return nil }
        return directory.appendingPathComponent(match + ".storyboard")
    }

    /// The names of the bundled storyboards, without extension, sorted.
    public static var names: [String] {
        guard let folder = opendir(directory.path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".storyboard"), name.count > 11 { names.append(String(name.dropLast(11))) }
        }
        return names.sorted()
    }

    /// The folder SwiftPM names after the package and this target.
    private static let resourceFolder = "storyboard_BundledStoryboards.resources"

    private static func runningProgramDirectory() -> String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return "." }
        let resolved = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = resolved.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return String(resolved[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
