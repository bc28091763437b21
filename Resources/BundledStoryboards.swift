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

    /// The bundled storyboard `name` names, ignoring case, spaces, `-` and `_`
    /// (`dailybuzz`, `"Daily Buzz"`, `DailyBuzz.storyboard`, `segue-tour`), if any. Only the
    /// ``listedNames`` are found: the others are parts of one of them.
    ///
    /// The URL is relative to ``directory``: its `relativePath` is the file's name, which is
    /// how messages name a bundled storyboard, and its `path` the full one.
    public static func url(named name: String) -> URL? {
        var wanted = name
        if wanted.lowercased().hasSuffix(".storyboard") { wanted.removeLast(".storyboard".count) }
        let key = matchingKey(wanted)
        guard !key.isEmpty, let match = listedNames.first(where: { matchingKey($0) == key }) else { return nil }
        return URL(fileURLWithPath: match + ".storyboard", relativeTo: directory)
    }

    /// A name as names are compared: lower case, without spaces, `-` and `_`.
    static func matchingKey(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// Storyboards reached only through another's reference (the Segue Tour's Inventory tab):
    /// bundled, but no target of their own.
    public static let referencedOnly: Set<String> = ["Inventory"]

    /// The names users are told about and can run: every bundled storyboard but the
    /// ``referencedOnly`` ones, sorted.
    public static var listedNames: [String] {
        names.filter { !referencedOnly.contains($0) }
    }

    /// The names of every bundled storyboard file, without extension, sorted.
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
