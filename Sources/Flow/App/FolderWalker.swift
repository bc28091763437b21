import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one walk behind a ``StoryboardIndex``: `readdir` through the folder, keeping only the
/// files an app's storyboards need (storyboards, `Info.plist` files, translations).
///
/// Hidden entries, build products and other projects' sources (`DerivedData`, `Pods`,
/// `Carthage`, `node_modules`) and the insides of bundles Xcode manages (`.xcodeproj`,
/// `.xcassets`, compiled `.storyboardc`) are not entered, nor are links to folders (a link
/// can make a loop). The walk stops after ``StoryboardIndex/entryLimit`` entries.
struct FolderWalker {
    let root: URL
    let recursive: Bool
    let rootPath: String
    private let shownRoot: String
    private(set) var storyboards: [StoryboardIndex.StoryboardFile] = []
    private(set) var apps: [StoryboardIndex.App] = []
    private(set) var translations: [StoryboardIndex.TranslationFile] = []
    private(set) var problems: [Diagnostic] = []
    private(set) var isIncomplete = false
    private(set) var hasProject = false
    private var entries = 0

    private static let skippedFolders: Set<String> = ["DerivedData", "Pods", "Carthage", "node_modules"]
    /// The endings of the files a walk keeps (`Info.plist` also ends `NAME-Info.plist`).
    private static let keptSuffixes: [[UInt8]] = [".storyboard", ".strings", ".xcstrings", "Info.plist"].map { Array($0.utf8) }
    private static let opaqueExtensions = [".xcodeproj", ".xcworkspace", ".xcassets", ".storyboardc", ".nib", ".xcframework", ".framework"]

    private let namesFromRoot: Bool

    init(root: URL, recursive: Bool, namesFromRoot: Bool) {
        self.root = root
        self.recursive = recursive
        self.namesFromRoot = namesFromRoot
        rootPath = StoryboardIndex.absolutePath(root)
        var shown = root.relativePath
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        shownRoot = shown
    }

    mutating func walk() {
        visit(relative: "", depth: 0)
    }

    private mutating func visit(relative: String, depth: Int) {
        let folderPath = relative.isEmpty ? rootPath : rootPath + "/" + relative
        guard let folder = opendir(folderPath) else { return }
        defer { closedir(folder) }
        var subfolders: [String] = []
        let folderName = relative.split(separator: "/").last.map(String.init)
        let language = folderName.flatMap { $0.hasSuffix(".lproj") ? String($0.dropLast(6)) : nil }
        while let entry = readdir(folder) {
            entries += 1
            if entries > StoryboardIndex.entryLimit {
                isIncomplete = true
                return
            }
            // Most entries of a big folder are neither kept nor entered: they are told apart
            // by their bytes, and only the others become strings.
            var type = entry.pointee.d_type
            let wanted = withUnsafeBytes(of: entry.pointee.d_name) { raw -> Bool in
                let bytes = raw.prefix { $0 != 0 }
                if bytes.first == UInt8(ascii: ".") { return false }
                guard type == UInt8(DT_REG) else { return true }
                return Self.keptSuffixes.contains { bytes.count >= $0.count && bytes.suffix($0.count).elementsEqual($0) }
            }
            guard wanted else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                type = Self.typeFollowingLinks(folderPath + "/" + name, isLink: type == UInt8(DT_LNK))
            }
            if type == UInt8(DT_DIR) {
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
                    if relative.isEmpty { hasProject = true }
                    continue
                }
                if Self.skippedFolders.contains(name) || Self.opaqueExtensions.contains(where: name.hasSuffix) { continue }
                if recursive || name.hasSuffix(".lproj") { subfolders.append(childRelative) }
                continue
            }
            guard type == UInt8(DT_REG) else { continue }
            record(name: name, relative: childRelative, folder: relative, language: language)
        }
        guard depth < StoryboardIndex.depthLimit else { return }
        for subfolder in subfolders.sorted() {
            visit(relative: subfolder, depth: depth + 1)
            if isIncomplete { return }
        }
    }

    /// What a link or an entry of unknown type is: links to folders count as nothing.
    private static func typeFollowingLinks(_ path: String, isLink: Bool) -> UInt8 {
        var status = stat()
        guard stat(path, &status) == 0 else { return UInt8(DT_UNKNOWN) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return UInt8(DT_REG)
        case S_IFDIR: return isLink ? UInt8(DT_LNK) : UInt8(DT_DIR)
        default: return UInt8(DT_UNKNOWN)
        }
    }

    private mutating func record(name: String, relative: String, folder: String, language: String?) {
        // The folder a file's localizations share: the parent of its .lproj, else its own.
        let group = language == nil ? folder : String(folder.split(separator: "/").dropLast().joined(separator: "/"))
        if name.hasSuffix(StoryboardIndex.storyboardExtension), name.count > StoryboardIndex.storyboardExtension.count {
            storyboards.append(
                StoryboardIndex.StoryboardFile(
                    url: url(relative), name: String(name.dropLast(StoryboardIndex.storyboardExtension.count)),
                    localization: language, relativePath: relative, group: group, path: absolute(relative)))
        } else if name.hasSuffix(".strings"), let language, name.count > 8 {
            translations.append(
                StoryboardIndex.TranslationFile(
                    url: url(relative), table: String(name.dropLast(8)), language: language, group: group, kind: .strings,
                    path: absolute(relative)))
        } else if name.hasSuffix(".xcstrings"), name.count > 10 {
            translations.append(
                StoryboardIndex.TranslationFile(
                    url: url(relative), table: String(name.dropLast(10)), language: nil, group: group, kind: .catalog,
                    path: absolute(relative)))
        } else if AppManifest.isInfoPlistName(name) {
            readPlist(relative: relative, folder: folder)
        }
    }

    private mutating func readPlist(relative: String, folder: String) {
        let fileURL = url(relative)
        let shown = DiagnosticText.escaped(fileURL.relativePath)
        let plist: PropertyList
        switch InputFile.read(path: rootPath + "/" + relative) {
        case .failure(let error):
            problems.append(Diagnostic(.warning, file: shown, location: .unknown, error.reason))
            return
        case .success(let bytes):
            do {
                plist = try PropertyList.read(bytes)
            } catch {
                problems.append(
                    Diagnostic(.warning, file: shown, location: error.location, "not read as a property list: \(error.message)"))
                return
            }
        }
        let manifest = AppManifest(plist: plist, url: fileURL)
        guard manifest.isApp else { return }
        apps.append(
            StoryboardIndex.App(
                manifest: manifest, root: url(folder, isDirectory: true), relativePath: relative,
                rootPath: folder.isEmpty ? rootPath : absolute(folder)))
    }

    /// The absolute path of an entry, from the root's.
    private func absolute(_ relative: String) -> String {
        rootPath == "/" ? "/" + relative : rootPath + "/" + relative
    }

    /// A URL under the root as the user gave it, so messages name files as the user would.
    private func url(_ relative: String, isDirectory: Bool = false) -> URL {
        if relative.isEmpty { return root }
        if namesFromRoot {
            return URL(fileURLWithPath: relative, isDirectory: isDirectory, relativeTo: URL(fileURLWithPath: rootPath, isDirectory: true))
        }
        let base = shownRoot == "/" ? "" : shownRoot
        return URL(fileURLWithPath: base + "/" + relative, isDirectory: isDirectory)
    }

    /// What a folder says about the project around a file.
    enum ProjectMark {
        /// An Xcode project, or an app's `Info.plist`: the folder is the project's.
        case project
        /// A git repository's top (`.git`) and nothing above: look no higher.
        case repositoryTop
        case none
    }

    /// Looks at one folder's entries (not below) for the marks of a project. Names are
    /// compared as bytes, and only a plist's becomes a string: the folders above a file
    /// (`/tmp`, a home folder) can hold thousands of entries, and this runs before every start.
    static func projectMarks(in path: String) -> ProjectMark {
        guard let folder = opendir(path) else { return .none }
        defer { closedir(folder) }
        var plists: [String] = []
        var isRepositoryTop = false
        var count = 0
        while let entry = readdir(folder) {
            // A project's top holds a few dozen entries; a folder of thousands (/tmp, a
            // downloads folder) is nobody's, and reading all of it would slow every start.
            count += 1
            if count > 1_000 { return .none }
            let mark = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (project: Bool, git: Bool, plist: Bool) in
                let name = raw.prefix { $0 != 0 }
                return (
                    name.count > 10 && name.suffix(10).elementsEqual(".xcodeproj".utf8),
                    name.elementsEqual(".git".utf8),
                    name.count >= 10 && name.suffix(10).elementsEqual("Info.plist".utf8)
                        && (name.count == 10 || name.dropLast(10).last == UInt8(ascii: "-")))
            }
            if mark.project { return .project }
            if mark.git { isRepositoryTop = true }
            if mark.plist {
                plists.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
            }
        }
        for name in plists {
            guard case .success(let bytes) = InputFile.read(path: path + "/" + name),
                let plist = try? PropertyList.read(bytes)
            else { continue }
            if AppManifest(plist: plist, url: URL(fileURLWithPath: path + "/" + name)).isApp { return .project }
        }
        return isRepositoryTop ? .repositoryTop : .none
    }
}
