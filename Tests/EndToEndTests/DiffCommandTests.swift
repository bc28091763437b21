import Foundation
import Testing
import TestSupport

/// `storyboard diff` and `storyboard outline` as programs: exit statuses as diff's, errors
/// as FILE:LINE:COLUMN lines, and both inside a real git repository (textconv and the
/// external diff driver).
@Suite struct DiffCommandTests {
    let binary: String
    let directory: URL

    init() throws {
        binary = try BuiltProduct.url(named: "storyboard").path
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A small app: a login scene whose button shows the home scene.
    static func storyboard(button: String = "Log in", toolsVersion: String = "22505", extraSegue: Bool = false) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(toolsVersion)" useAutolayout="YES" initialViewController="login">
            <dependencies><capability name="Safe area layout guides" minToolsVersion="9.0"/></dependencies>
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController title="Login" id="login" customClass="LoginViewController" sceneMemberID="viewController">
                        <view key="view" id="v1"><subviews>
                            <button buttonType="system" id="b1"><state key="normal" title="\(button)"/>
                                <connections><segue destination="home" kind="show" identifier="ShowHome" id="g1"/></connections>
                            </button>
                        </subviews></view>
                        \(extraSegue ? "<connections><segue destination=\"home\" kind=\"presentation\" identifier=\"Help\" id=\"g2\"/></connections>" : "")
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController title="Home" id="home" sceneMemberID="viewController"><view key="view" id="v2"/></viewController>
                </objects></scene>
            </scenes>
        </document>

        """
    }

    func write(_ name: String, _ text: String, in folder: URL? = nil) throws -> String {
        let url = (folder ?? directory).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func exitsZeroForNothingMeaningfulOneForChangesTwoForErrors() throws {
        let old = try write("Old.storyboard", Self.storyboard())
        let resaved = try write("Resaved.storyboard", Self.storyboard(toolsVersion: "23504"))
        let same = try Tmux.run([binary, "diff", old, resaved])
        #expect(same.status == 0)
        #expect(same.output == "")

        let new = try write("New.storyboard", Self.storyboard(button: "Sign in", extraSegue: true))
        let changed = try Tmux.run([binary, "diff", "--color", "never", old, new])
        #expect(changed.status == 1)
        #expect(
            changed.output == """
                New.storyboard
                  scene LoginViewController "Login" [login]
                    ~ button "Sign in" [b1] title: "Log in" → "Sign in"
                    + segue presentation "Help" [g2] → ViewController "Home" [home]

                """)
        let colored = try Tmux.run([binary, "diff", "--color", "always", old, new])
        #expect(colored.output.contains("\u{1B}[32m+ segue presentation"))

        let broken = try write("Broken.storyboard", "<document>\n  <scenes>\n    <scene>\n</document>\n")
        let failed = try Tmux.run([binary, "diff", old, broken])
        #expect(failed.status == 2)
        #expect(failed.output.hasPrefix(broken + ":4:"), "\(failed.output)")
        #expect(failed.output.contains(": error: "))

        let missing = try Tmux.run([binary, "diff", old, directory.appendingPathComponent("nothing.storyboard").path])
        #expect(missing.status == 2)
        #expect(missing.output.hasPrefix("storyboard: "))
    }

    @Test func jsonAndFoldersPairStoryboardsByName() throws {
        let before = directory.appendingPathComponent("before")
        let after = directory.appendingPathComponent("after")
        _ = try write("Main.storyboard", Self.storyboard(), in: before)
        _ = try write("Main.storyboard", Self.storyboard(button: "Sign in"), in: after)
        _ = try write("Gone.storyboard", Self.storyboard(), in: before)
        let result = try Tmux.run([binary, "diff", "--format", "json", before.path, after.path])
        #expect(result.status == 1)
        #expect(
            result.output == """
                {
                  "old": "\(before.path)",
                  "new": "\(after.path)",
                  "changes": [
                    {"kind": "text", "change": "changed", "storyboard": "Main.storyboard", "scene": "login", "id": "b1", "sceneName": "LoginViewController \\"Login\\"", "object": "button \\"Sign in\\"", "property": "title", "old": "Log in", "new": "Sign in", "line": 8},
                    {"kind": "initial", "change": "changed", "storyboard": "Gone.storyboard", "scene": null, "id": null, "property": "initial scene", "old": "login", "oldName": "LoginViewController \\"Login\\""},
                    {"kind": "scene", "change": "removed", "storyboard": "Gone.storyboard", "scene": "login", "id": "login", "sceneName": "LoginViewController \\"Login\\"", "object": "LoginViewController \\"Login\\"", "count": 3, "line": 6, "segues": [{"id": "g1", "kind": "show", "identifier": "ShowHome", "destination": "home", "destinationName": "ViewController \\"Home\\"", "line": 9}]},
                    {"kind": "scene", "change": "removed", "storyboard": "Gone.storyboard", "scene": "home", "id": "home", "sceneName": "ViewController \\"Home\\"", "object": "ViewController \\"Home\\"", "count": 1, "line": 16}
                  ]
                }

                """, "\(result.output)")
    }

    /// Runs git in the test's repository, with no configuration of the machine's.
    func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_PAGER": "cat", "TERM": "dumb",
        ]
        return try Tmux.run(["git", "-C", directory.appendingPathComponent("repo").path] + arguments, environment: environment)
    }

    @Test func gitShowsAReadableDiffThroughTextconvAndTheExternalDriver() throws {
        let repo = directory.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        #expect(try git(["init", "-q"]).status == 0)
        _ = try write(".gitattributes", "*.storyboard diff=storyboard\n", in: repo)
        _ = try write("App/Main.storyboard", Self.storyboard(), in: repo)
        #expect(try git(["add", "-A"]).status == 0)
        #expect(try git(["commit", "-q", "-m", "first"]).status == 0)
        _ = try write("App/Main.storyboard", Self.storyboard(button: "Sign in", toolsVersion: "23504"), in: repo)

        // textconv: the outline's lines, not the XML's.
        let textconv = try git(["-c", "diff.storyboard.textconv=\(binary) outline", "diff"])
        #expect(textconv.status == 0)
        let changed = textconv.output.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(
            changed == [
                #"-    button "Log in" [b1] title="Log in" buttonType=system"#,
                #"+    button "Sign in" [b1] title="Sign in" buttonType=system"#,
            ], "\(textconv.output)")

        // The external driver: git's seven arguments, the diff's own text, and status 0.
        let driver = try git(["-c", "diff.storyboard.command=\(binary) diff --color never", "diff"])
        #expect(driver.status == 0, "\(driver.output)")
        #expect(
            driver.output == """
                App/Main.storyboard
                  scene LoginViewController "Login" [login]
                    ~ button "Sign in" [b1] title: "Log in" → "Sign in"

                """, "\(driver.output)")

        // A storyboard git adds: every scene of it is new.
        _ = try write("App/Other.storyboard", Self.storyboard(), in: repo)
        #expect(try git(["add", "-N", "App/Other.storyboard"]).status == 0)
        let added = try git(["-c", "diff.storyboard.command=\(binary) diff --color never", "diff", "--", "App/Other.storyboard"])
        #expect(added.status == 0)
        #expect(added.output.contains("  + scene LoginViewController \"Login\" [login]"), "\(added.output)")
    }

    /// A merge in progress leaves conflict markers in the storyboard: `git diff` still shows
    /// it, through textconv (the outline prints the text under a line saying why) and through
    /// the external driver (a plain line diff under the same note), and exits with 0.
    @Test func gitDiffOfAStoryboardWithConflictMarkersShowsItsTextAndNeverFails() throws {
        let repo = directory.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        #expect(try git(["init", "-q", "-b", "main"]).status == 0)
        _ = try write(".gitattributes", "*.storyboard diff=storyboard\n", in: repo)
        _ = try write("Main.storyboard", Self.storyboard(), in: repo)
        #expect(try git(["add", "-A"]).status == 0)
        #expect(try git(["commit", "-q", "-m", "first"]).status == 0)
        #expect(try git(["checkout", "-q", "-b", "other"]).status == 0)
        _ = try write("Main.storyboard", Self.storyboard(button: "Sign in"), in: repo)
        #expect(try git(["commit", "-q", "-am", "sign in"]).status == 0)
        #expect(try git(["checkout", "-q", "main"]).status == 0)
        _ = try write("Main.storyboard", Self.storyboard(button: "Enter"), in: repo)
        #expect(try git(["commit", "-q", "-am", "enter"]).status == 0)
        #expect(try git(["merge", "-q", "other"]).status == 1)

        let outline = try Tmux.run([binary, "outline", repo.appendingPathComponent("Main.storyboard").path])
        #expect(outline.status == 0)
        let lines = outline.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("storyboard: ") == true && lines.first?.hasSuffix(" is shown as text, not outlined: it holds merge conflict markers (line 8)") == true, "\(outline.output)")
        #expect(lines.contains("<<<<<<< HEAD") && lines.contains(">>>>>>> other"), "\(outline.output)")

        let textconv = try git(["-c", "diff.storyboard.textconv=\(binary) outline", "diff", "HEAD"])
        #expect(textconv.status == 0, "\(textconv.output)")
        #expect(textconv.output.contains("+<<<<<<< HEAD"), "\(textconv.output)")

        let driver = try git(["-c", "diff.storyboard.command=\(binary) diff --color never", "diff", "HEAD"])
        #expect(driver.status == 0, "\(driver.output)")
        let driven = driver.output.split(separator: "\n").map(String.init)
        #expect(driven.first == "storyboard: Main.storyboard compared as text, not as a storyboard: the new version: it holds merge conflict markers (line 8)", "\(driver.output)")
        #expect(
            Array(driven.dropFirst().prefix(4)) == [
                "--- a/Main.storyboard", "+++ b/Main.storyboard", "@@ -5,7 +5,11 @@", "         <scene sceneID=\"s1\"><objects>",
            ], "\(driver.output)")
        #expect(driven.contains("                     <button buttonType=\"system\" id=\"b1\"><state key=\"normal\" title=\"Enter\"/>"), "\(driver.output)")
        #expect(driven.contains("+<<<<<<< HEAD") && driven.contains("+>>>>>>> other"), "\(driver.output)")
    }

    /// A file cut short: the outline is its text under the reason, the driver a line diff,
    /// both with exit status 0; the reason says the file ends in the middle of a tag.
    @Test func aTruncatedFileIsShownAsTextByOutlineAndTheDriver() throws {
        let whole = Self.storyboard()
        let cut = String(whole.prefix(upTo: whole.range(of: "buttonType=")!.upperBound))
        let old = try write("Whole.storyboard", whole)
        let new = try write("Cut.storyboard", cut)
        let outline = try Tmux.run([binary, "outline", new])
        #expect(outline.status == 0)
        let first = outline.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasSuffix("Cut.storyboard is shown as text, not outlined: 8:40: malformed XML: the file ends in the middle of a tag (inside <subviews>); is it truncated?"), "\(outline.output)")
        let driver = try Tmux.run([binary, "diff", "Main.storyboard", old, "0000000", "100644", new, "0000000", "100644"])
        #expect(driver.status == 0)
        #expect(driver.output.hasPrefix("storyboard: Main.storyboard compared as text, not as a storyboard: the new version: 8:40: malformed XML: the file ends in the middle of a tag (inside <subviews>); is it truncated?\n--- a/Main.storyboard\n+++ b/Main.storyboard\n"), "\(driver.output)")
        // Cut inside its eighth line: the line and all below it are gone, the cut line added.
        #expect(driver.output.contains("\n@@ -5,15 +5,4 @@\n"), "\(driver.output)")
        let check = try Tmux.run([binary, "check", new])
        #expect(check.status == 2)
    }

    @Test func graphDiffDrawsAddedSeguesGreenAndRemovedRedDashed() throws {
        let old = try write("Old.storyboard", Self.storyboard())
        let new = try write("New.storyboard", Self.storyboard(button: "Sign in", extraSegue: true))
        let result = try Tmux.run([binary, "graph", "--diff", old, new, "--format", "dot"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("  n0 [label=\"LoginViewController \\\"Login\\\"\", color=orange, peripheries=2];"), "\(result.output)")
        #expect(lines.contains("  n0 -> n1 [label=\"show ShowHome\"];"), "\(result.output)")
        #expect(lines.contains("  n0 -> n1 [label=\"presentation Help\", color=green, fontcolor=green];"), "\(result.output)")
        let removed = try Tmux.run([binary, "graph", "--diff", new, old, "--format", "dot"])
        #expect(removed.output.contains("  n0 -> n1 [label=\"presentation Help\", color=red, fontcolor=red, style=dashed];"), "\(removed.output)")
        let one = try Tmux.run([binary, "graph", "--diff", old])
        #expect(one.status == 2)
    }

    @Test func translationsOfAnAppFolderNameEachKeyWithItsTexts() throws {
        let before = directory.appendingPathComponent("t-before")
        let after = directory.appendingPathComponent("t-after")
        for folder in [before, after] { _ = try write("Base.lproj/Main.storyboard", Self.storyboard(), in: folder) }
        // "old.text" names no object in either version: not a change.
        _ = try write(
            "de.lproj/Main.strings", "\"b1.normalTitle\" = \"Anmelden\";\n\"v1.accessibilityLabel\" = \"Ansicht\";\n\"old.text\" = \"Alt\";\n",
            in: before)
        // One text changed, one key gone, one added, and one naming an object the file does not have.
        _ = try write(
            "de.lproj/Main.strings",
            "\"b1.normalTitle\" = \"Einloggen\";\n\"login.title\" = \"Anmeldung\";\n\"gone.text\" = \"Weg\";\n\"old.text\" = \"Alt\";\n",
            in: after)
        let result = try Tmux.run([binary, "diff", "--color", "never", before.path, after.path])
        #expect(result.status == 1)
        #expect(
            result.output == """
                Base.lproj/Main.storyboard
                  ~ translation de "b1.normalTitle": "Anmelden" → "Einloggen"
                  + translation de "gone.text": "Weg"
                  + translation de "login.title": "Anmeldung"
                  - translation de "v1.accessibilityLabel": "Ansicht"
                  ~ translations de: 1 key now naming no object

                """, "\(result.output)")
        let json = try Tmux.run([binary, "diff", "--format", "json", before.path, after.path])
        #expect(
            json.output.contains(
                #"{"kind": "translation", "change": "changed", "storyboard": "Base.lproj/Main.storyboard", "scene": null, "id": null, "object": "de", "property": "b1.normalTitle", "old": "Anmelden", "new": "Einloggen"}"#),
            "\(json.output)")
    }

    /// Every storyboard file, app folder and bundled name the tests hold, diffed against an
    /// identical copy of itself: nothing to say, exit 0. Keys stale in both versions, a
    /// file's own odd shapes, translations in every encoding: none of it is a change.
    @Test func anIdenticalCopyIsNoChangeForEveryFixtureFolderAndBundledName() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let copies = directory.appendingPathComponent("copies")
        var files: [URL] = []
        for case let url as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)! where url.pathExtension == "storyboard" {
            files.append(url)
        }
        #expect(files.count >= 40, "\(files.count) storyboards under \(tests.path)")
        for (number, file) in files.enumerated() {
            let copy = copies.appendingPathComponent("\(number)").appendingPathComponent(file.lastPathComponent)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: copy)
            let result = try Tmux.run([binary, "diff", "--no-interactive", file.path, copy.path])
            #expect(result.status == 0 && result.output.isEmpty, "\(file.path): \(result.status) \(result.output)")
        }
        for folder in [AppFixtures.harbor, AppFixtures.lighthouse, AppFixtures.folder] {
            let copy = copies.appendingPathComponent("folder-" + folder.lastPathComponent)
            try FileManager.default.copyItem(at: folder, to: copy)
            let result = try Tmux.run([binary, "diff", "--no-interactive", folder.path, copy.path])
            #expect(result.status == 0 && result.output.isEmpty, "\(folder.path): \(result.status) \(result.output)")
        }
        let unknown = try Tmux.run([binary, "diff", "no-such-name", "no-such-name"])
        let listed = unknown.output.split(separator: "(bundled: ").last?.split(separator: ")").first ?? ""
        let names = listed.split(separator: ", ").map(String.init)
        #expect(names.count >= 3, "\(unknown.output)")
        for name in names {
            let result = try Tmux.run([binary, "diff", "--no-interactive", name, name])
            #expect(result.status == 0 && result.output.isEmpty, "\(name): \(result.status) \(result.output)")
        }
    }

    @Test func markdownWithScreenshotsLinksABeforeAndAfterPictureOfEachChangedScene() throws {
        let old = try write("Old.storyboard", Self.storyboard())
        let new = try write("New.storyboard", Self.storyboard(button: "Sign in"))
        let folder = directory.appendingPathComponent("shots").path
        let result = try Tmux.run([binary, "diff", "--format", "markdown", "--screenshots", folder, old, new])
        #expect(result.status == 1)
        let before = folder + "/New.storyboard-login-before.svg"
        let after = folder + "/New.storyboard-login-after.svg"
        #expect(
            result.output == """
                ### New.storyboard

                #### LoginViewController "Login" `login`

                | Before | After |
                | --- | --- |
                | ![before](\(before)) | ![after](\(after)) |

                - ✏️ button "Sign in" \\[b1\\] title: "Log in" → "Sign in"

                """, "\(result.output)")
        let beforeSVG = try String(contentsOfFile: before, encoding: .utf8)
        let afterSVG = try String(contentsOfFile: after, encoding: .utf8)
        #expect(beforeSVG.contains("<svg"))
        #expect(beforeSVG.contains("Log in") && !beforeSVG.contains("Sign in"))
        #expect(afterSVG.contains("Sign in") && !afterSVG.contains("Log in"))
    }
}
