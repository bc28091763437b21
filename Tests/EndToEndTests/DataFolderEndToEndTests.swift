import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The demos' data folder: `render` never writes the user's real store, and a folder that
    /// can't be used is said in full, with what to do.
    @Suite final class DataFolderTests {
        let binary: String
        let helper: String
        let directory: URL

        init() throws {
            binary = try BuiltProduct.url(named: "storyboard").path
            helper = try BuiltProduct.url(named: "store-helper").path
            directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-datafolder-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }

        /// Removes the folders, read-only ones too.
        deinit {
            if let walk = FileManager.default.enumerator(atPath: directory.path) {
                for case let path as String in walk {
                    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path + "/" + path)
                }
            }
            try? FileManager.default.removeItem(at: directory)
        }

        /// `arguments` run by a user the folder's permissions apply to: root writes anywhere,
        /// so as root the command runs as nobody.
        func asOrdinaryUser(_ arguments: [String]) -> [String] {
            getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments : arguments
        }

        /// A data folder holding a store with the sample sessions; `storeWritable: false` makes the
        /// store file read-only, `folderWritable: false` the folder (both stay readable).
        func dataFolder(storeWritable: Bool = true, folderWritable: Bool = true) throws -> String {
            let folder = directory.appendingPathComponent("data-\(UUID().uuidString.prefix(6))").path
            let made = try Tmux.run([helper, "open", folder])
            #expect(made.output.contains("opened"), "\(made.output)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            for file in files {
                let mode: Int = file == "storyboard.sqlite" && !storeWritable ? 0o444 : 0o666
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder + "/" + file)
            }
            try FileManager.default.setAttributes([.posixPermissions: folderWritable ? 0o777 : 0o555], ofItemAtPath: folder)
            return folder
        }

        func sessions(in folder: String) throws -> Int? {
            Int(try Tmux.run([helper, "count", folder]).output.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        @Test func renderWorksOnACopyAndLeavesTheRealStoreAsItWas() throws {
            let home = directory.appendingPathComponent("xdg")
            let folder = home.appendingPathComponent("storyboard").path
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            // Without a store, render shows the sample data and creates nothing.
            let first = try Tmux.run([binary, "render", "dailybuzz", "--size", "60x10"], environment: ["XDG_DATA_HOME": home.path])
            #expect(first.status == 0, "\(first.output)")
            #expect(first.output.contains("House Blend"), "\(first.output)")
            #expect(!FileManager.default.fileExists(atPath: folder))

            #expect(try Tmux.run([helper, "open", folder]).status == 0)
            let before = try #require(try sessions(in: folder))
            let added = try Tmux.run(
                [binary, "render", "dailybuzz", "--size", "60x10", "--keys", "+187<Down><Enter><Enter><C-s>"],
                environment: ["XDG_DATA_HOME": home.path])
            #expect(added.status == 0, "\(added.output)")
            #expect(added.output.contains("187 °F"), "the copy took the new session: \(added.output)")
            #expect(try sessions(in: folder) == before, "the real store is unchanged")
            #expect(try Tmux.run([binary, "render", "dailybuzz", "--size", "60x10"], environment: ["XDG_DATA_HOME": home.path])
                .output.contains("187 °F") == false)

            // With --data-dir, the folder is used as it is.
            let written = try Tmux.run([binary, "render", "dailybuzz", "--data-dir", folder, "--size", "60x10", "--keys", "+187<Down><Enter><Enter><C-s>"])
            #expect(written.status == 0, "\(written.output)")
            #expect(try sessions(in: folder) == before + 1)
        }

        /// A read-only folder is shown, never written: Daily Buzz lists a copy of its
        /// sessions, the tour runs, and the notice says nothing is saved and what to do.
        @Test(arguments: [(false, true), (false, false)])
        func renderWithAFolderItCannotWriteShowsACopySayingNothingIsSaved(storeWritable: Bool, folderWritable: Bool) throws {
            let folder = try dataFolder(storeWritable: storeWritable, folderWritable: folderWritable)
            let before = try sessions(in: folder)
            let result = try Tmux.run(asOrdinaryUser([binary, "render", "dailybuzz", "--data-dir", folder, "--size", "60x10", "--keys", "+187<Down><Enter><Enter><C-s>"]))
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("storyboard: cannot use the data folder \(folder): "), "\(result.output)")
            // A copy of its store when SQLite can read it without writing beside it, else the
            // sample data: either way, not an empty list.
            #expect(result.output.contains(", and nothing is saved. "), "\(result.output)")
            #expect(result.output.contains("--data-dir"), "\(result.output)")
            #expect(result.output.contains("House Blend") && result.output.contains("187 °F"), "\(result.output)")
            #expect(try sessions(in: folder) == before, "the folder is never written")
            let tour = try Tmux.run(asOrdinaryUser([binary, "render", "seguetour", "--data-dir", folder, "--size", "60x10"]))
            #expect(tour.status == 0, "\(tour.output)")
            #expect(tour.output.contains("Segue Tour"), "\(tour.output)")
        }

        @Test func renderWithAFolderItCannotReadShowsTheSampleData() throws {
            let home = directory.appendingPathComponent("unreadable")
            let folder = home.appendingPathComponent("storyboard").path
            #expect(try Tmux.run([helper, "open", folder]).status == 0)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
            let result = try Tmux.run(asOrdinaryUser(["env", "XDG_DATA_HOME=\(home.path)", binary, "render", "dailybuzz", "--size", "60x10"]))
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.hasPrefix("storyboard: cannot read the data folder \(folder)"), "\(result.output)")
            #expect(result.output.contains("showing the sample data, and nothing is saved"), "\(result.output)")
            #expect(result.output.contains("House Blend"), "\(result.output)")
        }

        @Test func runSaysItInFullBeforeTheScreenAndStillRuns() throws {
            let folder = try dataFolder(folderWritable: false)
            let tmux = try Tmux(command: "bash --norc --noprofile -i", width: 80, height: 24)
            try tmux.type("PS1='$ '")
            try tmux.send("Enter")
            try tmux.type(asOrdinaryUser([binary, "run", "dailybuzz", "--data-dir", folder]).joined(separator: " "))
            try tmux.send("Enter")
            // The status line says it while the app runs, whole (wrapped, not cut), with
            // the sessions of the folder listed above it.
            let words = { (screen: String) in screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
            let screen = try tmux.waitFor("the whole notice") { words($0).contains("Give a folder you can write with --data-dir DIR.") }
            #expect(screen.contains("House Blend"), "\(screen)")
            #expect(words(screen).contains(", and nothing is saved."), "\(screen)")
            try tmux.send("q")
            // Written before the screen: there above the prompt once the screen is gone.
            let after = try tmux.waitFor("the shell again") { TerminalApp.lastLine(of: $0) == "$" }
            let message = after.replacingOccurrences(of: "\n", with: "")
            #expect(message.contains("storyboard: cannot use the data folder \(folder): "), "\(after)")
            #expect(message.contains("Give a folder you can write with --data-dir DIR."), "\(after)")
        }
    }
}
