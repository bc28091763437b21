import CommandSupport
import Flow
import FoundationEssentials

/// The storyboards `storyboard diff` compares: one pair of files, or every storyboard of two
/// folders paired by name, each read and checked before anything is printed.
struct DiffComparison {
    /// One storyboard in both versions; `nil` where it is not in that version.
    struct Pair {
        var name: String
        var old: StoryboardDiff.Version?
        var new: StoryboardDiff.Version?
    }

    /// Why the comparison cannot be made: lines for standard error, already escaped.
    struct Failure: Error {
        var lines: [String]
    }

    var oldName: String
    var newName: String
    var pairs: [Pair]
    /// For two folders: each storyboard's translations in both, and the ids of its new version.
    var translations: [TranslationPair] = []

    /// One storyboard's translations in both folders: each language's table, and the object
    /// ids each version of the storyboard has (what a key may name).
    struct TranslationPair {
        var name: String
        var old: [String: [String: String]]
        var new: [String: [String: String]]
        var oldIDs: Set<String>
        var newIDs: Set<String>
    }

    /// The changes of every pair, storyboard after storyboard, each followed by its
    /// translations' changes.
    func changes(options: StoryboardDiff.Options) -> [StoryboardChange] {
        pairs.flatMap { pair in
            StoryboardDiff.changes(from: pair.old, to: pair.new, storyboard: pair.name, options: options)
                + translations.filter { $0.name == pair.name }.flatMap {
                    StoryboardDiff.translationChanges(
                        old: $0.old, new: $0.new, oldObjectIDs: $0.oldIDs, objectIDs: $0.newIDs, storyboard: pair.name)
                }
        }
    }

    /// Two storyboard files, as git names them; `/dev/null` is a file that is not there (a
    /// storyboard added or deleted).
    static func files(old: String, new: String, name: String) throws(Failure) -> DiffComparison {
        let before = old == "/dev/null" ? nil : try version(URL(fileURLWithPath: old), shownAs: name)
        let after = new == "/dev/null" ? nil : try version(URL(fileURLWithPath: new), shownAs: name)
        return DiffComparison(oldName: old, newName: new, pairs: [Pair(name: name, old: before, new: after)])
    }

    /// Two targets as every command takes them: files, app folders or bundled names. Two
    /// folders are compared storyboard by storyboard; otherwise the storyboard each opens.
    static func targets(old: String, new: String) throws(Failure) -> DiffComparison {
        let before = try resolve(old)
        let after = try resolve(new)
        if before.isFolder, after.isFolder {
            return try folders(before, after, oldName: old, newName: new)
        }
        guard let oldURL = before.url else { throw Failure(lines: [notOneStoryboard(before)]) }
        guard let newURL = after.url else { throw Failure(lines: [notOneStoryboard(after)]) }
        // Errors name each file as given; the changes name the storyboard as the new file does.
        let name = after.isBundled ? newURL.lastPathComponent : newURL.lastPathComponent
        var failures: [String] = []
        let oldVersion = collect(&failures) { () throws(Failure) in try version(oldURL, shownAs: before.isBundled ? oldURL.lastPathComponent : oldURL.relativePath) }
        let newVersion = collect(&failures) { () throws(Failure) in try version(newURL, shownAs: after.isBundled ? newURL.lastPathComponent : newURL.relativePath) }
        guard failures.isEmpty, let oldVersion, let newVersion else { throw Failure(lines: failures) }
        return DiffComparison(oldName: old, newName: new, pairs: [Pair(name: name, old: oldVersion, new: newVersion)])
    }

    /// Every storyboard of two folders, paired by their path in the folder without the
    /// extension (`Base.lproj/Main`), as the index names them.
    private static func folders(_ old: StoryboardTarget, _ new: StoryboardTarget, oldName: String, newName: String) throws(Failure) -> DiffComparison {
        var failures: [String] = []
        var pairs: [Pair] = []
        var oldFiles: [String: StoryboardIndex.StoryboardFile] = [:]
        for file in old.index.storyboards { oldFiles[file.key] = file }
        var seen: Set<String> = []
        for file in new.index.storyboards {
            seen.insert(file.key)
            let before = oldFiles[file.key].flatMap { oldFile in collect(&failures) { () throws(Failure) in try version(oldFile.url, shownAs: oldFile.url.relativePath) } }
            let after = collect(&failures) { () throws(Failure) in try version(file.url, shownAs: file.url.relativePath) }
            pairs.append(Pair(name: file.relativePath, old: before, new: after))
        }
        for file in old.index.storyboards where !seen.contains(file.key) {
            let before = collect(&failures) { () throws(Failure) in try version(file.url, shownAs: file.url.relativePath) }
            pairs.append(Pair(name: file.relativePath, old: before, new: nil))
        }
        guard failures.isEmpty else { throw Failure(lines: failures) }
        var comparison = DiffComparison(oldName: oldName, newName: newName, pairs: pairs)
        comparison.translations = Self.translations(old, new)
        return comparison
    }

    /// Every storyboard's tables in every language, in both folders, paired by name.
    private static func translations(
        _ old: StoryboardTarget, _ new: StoryboardTarget
    ) -> [TranslationPair] {
        let before = Translations(index: old.index)
        let after = Translations(index: new.index)
        var oldFiles: [String: StoryboardIndex.StoryboardFile] = [:]
        for file in old.index.storyboards { oldFiles[file.key] = file }
        func tables(_ translations: Translations, _ file: StoryboardIndex.StoryboardFile?) -> [String: [String: String]] {
            guard let file else { return [:] }
            var tables: [String: [String: String]] = [:]
            for language in translations.languages(of: file) {
                tables[language] = translations.table(for: file, language: language)?.texts ?? [:]
            }
            return tables
        }
        func objectIDs(_ file: StoryboardIndex.StoryboardFile?) -> Set<String> {
            guard let file, let data = try? StoryboardTarget.read(file.url) else { return [] }
            return StoryboardLoader.objectIDs(in: data)
        }
        var result: [TranslationPair] = []
        for file in new.index.storyboards {
            let oldTables = tables(before, oldFiles[file.key])
            let newTables = tables(after, file)
            guard !oldTables.isEmpty || !newTables.isEmpty else { continue }
            result.append(
                TranslationPair(
                    name: file.relativePath, old: oldTables, new: newTables, oldIDs: objectIDs(oldFiles[file.key]), newIDs: objectIDs(file)))
        }
        return result
    }

    private static func collect(_ failures: inout [String], _ body: () throws(Failure) -> StoryboardDiff.Version) -> StoryboardDiff.Version? {
        do {
            return try body()
        } catch {
            failures += error.lines
            return nil
        }
    }

    private static func resolve(_ target: String) throws(Failure) -> StoryboardTarget {
        do {
            return try StoryboardTarget.resolve(target)
        } catch {
            throw Failure(lines: [StandardError.prefix + error.message])
        }
    }

    private static func notOneStoryboard(_ target: StoryboardTarget) -> String {
        StandardError.prefix + "\"\(DiagnosticText.escaped(target.displayPath))\" holds no single app; name one of its storyboards, or compare two folders"
    }

    /// One file read and checked; its errors are `FILE:LINE:COLUMN: error:` lines.
    static func version(_ url: URL, shownAs name: String) throws(Failure) -> StoryboardDiff.Version {
        let bytes: [UInt8]
        do {
            bytes = try StoryboardTarget.bytes(url)
        } catch {
            throw Failure(lines: [StandardError.prefix + error.message])
        }
        do {
            return try StoryboardDiff.Version(bytes: bytes, fileName: name)
        } catch {
            throw Failure(lines: error.errors.map { DiagnosticText.escaped($0.description) })
        }
    }
}
