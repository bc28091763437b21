import Flow
import Foundation
import Testing
import TestSupport

/// The file watcher alone, on a temporary folder: what editors and `git` do to files, heard
/// through inotify, each burst read once.
@Suite struct FileWatcherTests {
    /// A watcher on `folder`, reporting storyboards and translations.
    private func watcher(on folder: LiveFolder) throws -> FileWatcher {
        let watcher = try FileWatcher(reporting: LiveReloader.isWatched)
        watcher.watch(folders: [folder.path])
        #expect(watcher.problems.isEmpty)
        return watcher
    }

    /// The changes the watcher reports once it has woken (at most 5 s from now).
    private func changes(_ watcher: FileWatcher) -> Set<String> {
        guard watcher.waitForChange(within: .seconds(5)) else { return [] }
        return watcher.takeChanges()
    }

    @Test func aFileRenamedOverTheOldOneIsHeardByItsName() throws {
        let folder = try LiveFolder()
        try folder.rewrite("Main.storyboard", "one")
        let watcher = try watcher(on: folder)
        try folder.save("Main.storyboard", "two")
        // The temporary file starts with a dot: only the name it is renamed to counts.
        #expect(changes(watcher) == [folder.file("Main.storyboard").path])
    }

    @Test func aFileRewrittenInPlaceIsHeardWhenItIsClosed() throws {
        let folder = try LiveFolder()
        try folder.rewrite("Main.storyboard", "one")
        let watcher = try watcher(on: folder)
        try folder.rewrite("Main.storyboard", "two")
        #expect(changes(watcher) == [folder.file("Main.storyboard").path])
    }

    @Test func aFileDeletedAndMadeAgainIsHeardBothTimes() throws {
        let folder = try LiveFolder()
        try folder.rewrite("Main.storyboard", "one")
        let watcher = try watcher(on: folder)
        try folder.remove("Main.storyboard")
        #expect(changes(watcher) == [folder.file("Main.storyboard").path])
        try folder.rewrite("Main.storyboard", "again")
        #expect(changes(watcher) == [folder.file("Main.storyboard").path])
    }

    @Test func swapFilesAndOtherNamesWakeTheWatcherButReportNothing() throws {
        let folder = try LiveFolder()
        let watcher = try watcher(on: folder)
        try folder.rewrite(".Main.storyboard.swp", "swap")
        try folder.rewrite("Main.storyboard~", "backup")
        try folder.rewrite("notes.txt", "text")
        #expect(watcher.waitForChange(within: .seconds(5)))
        #expect(watcher.takeChanges().isEmpty)
        // Drained: nothing more is queued.
        #expect(!watcher.waitForChange(within: .milliseconds(50)))
    }

    @Test func aBurstOfWritesToManyFilesIsReadOnce() throws {
        let folder = try LiveFolder()
        let watcher = try watcher(on: folder)
        var expected: Set<String> = []
        for number in 0..<40 {
            let name = "Scene\(number % 20).storyboard"
            try folder.save(name, "version \(number)")
            expected.insert(folder.file(name).path)
        }
        try folder.rewrite("Base.strings", "\"a\" = \"b\";")
        expected.insert(folder.file("Base.strings").path)
        #expect(changes(watcher) == expected)
        #expect(!watcher.waitForChange(within: .milliseconds(50)), "the whole burst was read in one call")
    }

    @Test func aFolderMadeOrRemovedIsReportedByItsPathAndItsWatchIsDropped() throws {
        let folder = try LiveFolder()
        let translations = folder.file("de.lproj").path
        let watcher = try watcher(on: folder)
        #expect(mkdir(translations, 0o755) == 0)
        #expect(changes(watcher) == [translations])
        watcher.watch(folders: [folder.path, translations])
        #expect(watcher.watchedFolders == [folder.path, translations].sorted())
        try folder.rewrite("de.lproj/Main.strings", "\"a\" = \"b\";")
        #expect(changes(watcher) == [translations + "/Main.strings"])
        try FileManager.default.removeItem(atPath: translations)
        let removed = changes(watcher)
        #expect(removed.contains(translations))
        #expect(watcher.watchedFolders == [folder.path])
    }

    @Test func aFolderThatCannotBeWatchedIsAProblemAndTheRestAreStillWatched() throws {
        let folder = try LiveFolder()
        let watcher = try FileWatcher(reporting: LiveReloader.isWatched)
        watcher.watch(folders: [folder.path, folder.file("missing").path])
        #expect(watcher.watchedFolders == [folder.path])
        #expect(watcher.problems.count == 1)
        #expect(watcher.problems.first?.contains("missing: No such file or directory") == true)
    }
}
