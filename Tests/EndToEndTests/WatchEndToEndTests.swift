import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `run --watch` and `serve --watch` on the real terminal: a save reaches the screen
    /// through inotify and the shell's loop, which wakes on the watcher as it does on keys.
    @Suite struct WatchEndToEndTests {
        @Test func aSaveRedrawsTheRunningAppWhereItIs() throws {
            let app = try TerminalApp()
            let folder = try LiveFolder()
            try folder.save("Main.storyboard", LiveFixtures.pantry())
            let tmux = try app.launch("run \(folder.file("Main.storyboard").path) --watch", width: 60, height: 12)
            try tmux.waitFor(text: "Everything on the shelves")
            try tmux.send("Enter")
            try tmux.waitFor(text: "Shelf 2")
            try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 3"))
            let screen = try tmux.waitFor(text: "reloaded: 1 text")
            #expect(screen.contains("Shelf 3") && screen.contains("‹ Pantry"), "\(screen)")
            try tmux.send("Escape")
            try tmux.waitFor(text: "Everything on the shelves")
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        @Test func aBundledStoryboardOrALauncherIsRefusedInOneLine() throws {
            let app = try TerminalApp()
            let bundled = try Tmux.run([app.binary, "run", "dailybuzz", "--watch"], environment: ["LANG": "C.UTF-8"])
            #expect(bundled.status == 2)
            #expect(bundled.output.contains("the bundled storyboard \"DailyBuzz.storyboard\" is not one you edit"), "\(bundled.output)")
            let launcher = try Tmux.run([app.binary, "run", AppFixtures.folder.path, "--watch"], environment: ["LANG": "C.UTF-8"])
            #expect(launcher.status == 2)
            #expect(launcher.output.contains("opens a launcher"), "\(launcher.output)")
        }
    }
}

extension EndToEnd.ServeEndToEndTests {
    @Test func withWatchEverySessionFollowsASaveAtItsOwnPlace() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let server = try ServeProcess(arguments: [folder.file("Main.storyboard").path, "--watch"])
        let deep = try client(server, key: server.listedKey, width: 60, height: 12)
        try deep.waitFor(text: "Everything on the shelves")
        try deep.send("Enter")
        try deep.waitFor(text: "Shelf 2")
        let top = try client(server, key: server.listedKey, width: 60, height: 12)
        try top.waitFor(text: "Everything on the shelves")
        try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 3", listTitle: "Larder"))
        let deepScreen = try deep.waitFor("the item, saved again") { $0.contains("Shelf 3") && $0.contains("‹ Larder") }
        #expect(deepScreen.contains("reloaded: 3 texts"), "\(deepScreen)")
        let topScreen = try top.waitFor("the list, saved again") { $0.contains("Larder") && $0.contains("reloaded") }
        #expect(topScreen.contains("Everything on the shelves") && !topScreen.contains("Shelf 3"), "\(topScreen)")
        for tmux in [deep, top] { try tmux.send("C-c") }
        for tmux in [deep, top] { #expect(try sshExit(tmux) >= 0) }
    }
}

extension EndToEnd.WebServeEndToEndTests {
    @Test(.enabled(if: BrowserCheck.isAvailable, BrowserCheck.missing))
    func aRealBrowsersPageFollowsASaveWithWatch() throws {
        let folder = try LiveFolder()
        let file = folder.file("Main.storyboard")
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let server = try ServeProcess(arguments: [file.path, "--open", "--http", "127.0.0.1:0", "--watch"], useAuthorizedKeys: false)
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-browser-watch-\(getpid()).png")
        let result = try Tmux.run([
            BrowserCheck.python, BrowserCheck.script, server.webLink, "--failure-shot", shot.path,
            "--follow-save", file.path, "Everything on the shelves", "Everything in the larder",
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("status line: ! reloaded: 1 text"), "\(result.output)")
    }
}
