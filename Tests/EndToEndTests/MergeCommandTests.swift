import Foundation
import Testing
import TestSupport

/// `storyboard merge`, `setup-git` and `mergetool` as git uses them, in a real repository:
/// exit statuses, the conflict lines, a merge git would have conflicted on made clean, a
/// conflict left as a file Xcode opens, and `git mergetool` choosing theirs.
@Suite(.serialized) struct MergeCommandTests {
    let binary: String
    let directory: URL
    var repo: URL { directory.appendingPathComponent("repo") }

    init() throws {
        binary = try BuiltProduct.url(named: "storyboard").path
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("repo"), withIntermediateDirectories: true)
    }

    /// A login scene with a title label and a button, and a home scene.
    static func storyboard(title: String = "Welcome", button: String = "Log in", hint: String = "Sign in below") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" useAutolayout="YES" initialViewController="login">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController title="Login" id="login" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label text="\(title)" id="l1">
                                        <rect key="frame" x="20" y="100" width="200" height="21"/>
                                    </label>
                                    <button buttonType="system" id="b1">
                                        <rect key="frame" x="20" y="200" width="100" height="30"/>
                                        <state key="normal" title="\(button)"/>
                                        <connections>
                                            <segue destination="home" kind="show" identifier="ShowHome" id="g1"/>
                                        </connections>
                                    </button>
                                    <label text="\(hint)" id="l2">
                                        <rect key="frame" x="20" y="240" width="200" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController title="Home" id="home" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v2"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }

    func write(_ name: String, _ text: String, in folder: URL? = nil) throws -> String {
        let url = (folder ?? directory).appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_PAGER": "cat", "TERM": "dumb",
        ]
    }

    /// Runs git in the test's repository, with no configuration of the machine's.
    func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Tmux.run(["git", "-C", repo.path] + arguments, environment: environment)
    }

    @Test func exitsZeroWhenMergedOneWithConflictsLeftTwoWhenAnInputCannotBeRead() throws {
        let base = try write("base.storyboard", Self.storyboard())
        let ours = try write("ours.storyboard", Self.storyboard(title: "Welcome back"))
        let theirs = try write("theirs.storyboard", Self.storyboard(button: "Sign in"))
        let clean = try Tmux.run([binary, "merge", base, ours, theirs])
        #expect(clean.status == 0)
        #expect(clean.output == Self.storyboard(title: "Welcome back", button: "Sign in"))

        let other = try write("other.storyboard", Self.storyboard(title: "Hello"))
        let output = directory.appendingPathComponent("merged.storyboard").path
        let conflicted = try Tmux.run([binary, "merge", base, ours, other, "--output", output, "--name", "App/Main.storyboard"])
        #expect(conflicted.status == 1)
        #expect(
            conflicted.output == """
                App/Main.storyboard:10:29: conflict: scene "Login": label "Welcome back" (l1): attribute text: ours "Welcome back", theirs "Hello", base "Welcome"; kept ours
                storyboard: 1 conflict left in App/Main.storyboard, each marked by a comment; `storyboard mergetool` chooses

                """)
        let merged = try String(contentsOfFile: output, encoding: .utf8)
        #expect(merged.contains("<!--storyboard merge conflict: attribute text of label"))
        // As good a storyboard as ours: `check` says the same of both.
        #expect(try Tmux.run([binary, "check", output]).status == Tmux.run([binary, "check", ours]).status)

        let cut = try write("cut.storyboard", String(Self.storyboard().prefix(600)))
        let unreadable = try Tmux.run([binary, "merge", base, cut, theirs])
        #expect(unreadable.status == 2)
        #expect(unreadable.output.hasPrefix("storyboard: " + cut + ":"), "\(unreadable.output)")
        let missing = try Tmux.run([binary, "merge", base, directory.appendingPathComponent("none").path, theirs])
        #expect(missing.status == 2)
        #expect(missing.output == "storyboard: \(directory.appendingPathComponent("none").path): error: cannot read the file: No such file or directory\n")
    }

    @Test func setupGitChangesNothingTwiceAndKeepsTheUsersOwnLines() throws {
        #expect(try git(["init", "-q"]).status == 0)
        _ = try write(".gitattributes", "*.xib diff=mine\n", in: repo)
        let first = try Tmux.run(["sh", "-c", "cd '\(repo.path)' && '\(binary)' setup-git"], environment: environment)
        #expect(first.status == 0)
        #expect(
            first.output == """
                set merge.storyboard.name = storyboard merge: storyboards and xibs by object identity
                set merge.storyboard.driver = \(binary) merge %O %A %B --output %A --name %P
                set diff.storyboard.textconv = \(binary) outline
                set mergetool.storyboard.cmd = \(binary) mergetool "$BASE" "$LOCAL" "$REMOTE" "$MERGED"
                set mergetool.storyboard.trustExitCode = true
                kept your line in \(repo.path)/.gitattributes: *.xib diff=mine
                added to \(repo.path)/.gitattributes: *.storyboard merge=storyboard diff=storyboard

                """)
        #expect(try String(contentsOf: repo.appendingPathComponent(".gitattributes"), encoding: .utf8) == "*.xib diff=mine\n*.storyboard merge=storyboard diff=storyboard\n")
        let second = try Tmux.run(["sh", "-c", "cd '\(repo.path)' && '\(binary)' setup-git"], environment: environment)
        #expect(second.output == "kept your line in \(repo.path)/.gitattributes: *.xib diff=mine\nalready set up: nothing changed\n")
        let outside = try Tmux.run(["sh", "-c", "cd / && '\(binary)' setup-git"], environment: environment)
        #expect(outside.status == 2)
        #expect(outside.output == "storyboard: not inside a git repository: run it in one, or use --global\n")
    }

    /// Two branches: one retitles the label, the other renames the button and moves the hint
    /// above it. git's text merge conflicts on neighbouring lines; the driver merges.
    @Test func gitMergesThroughTheDriverAndLeavesConflictsAsAFileXcodeOpens() throws {
        #expect(try git(["init", "-q", "-b", "main"]).status == 0)
        #expect(try Tmux.run(["sh", "-c", "cd '\(repo.path)' && '\(binary)' setup-git"], environment: environment).status == 0)
        _ = try write("Main.storyboard", Self.storyboard(), in: repo)
        #expect(try git(["add", "-A"]).status == 0)
        #expect(try git(["commit", "-q", "-m", "base"]).status == 0)
        #expect(try git(["tag", "base"]).status == 0)
        #expect(try git(["checkout", "-q", "-b", "other"]).status == 0)
        _ = try write("Main.storyboard", Self.storyboard(title: "Hello", button: "Sign in"), in: repo)
        #expect(try git(["commit", "-q", "-am", "other"]).status == 0)
        #expect(try git(["checkout", "-q", "main"]).status == 0)
        _ = try write("Main.storyboard", Self.storyboard(title: "Welcome", hint: "New here?"), in: repo)
        #expect(try git(["commit", "-q", "-am", "main"]).status == 0)
        let clean = try git(["merge", "-q", "--no-edit", "other"])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(try String(contentsOf: repo.appendingPathComponent("Main.storyboard"), encoding: .utf8) == Self.storyboard(title: "Hello", button: "Sign in", hint: "New here?"))

        // Both change the hint: a conflict, left as ours with a comment; then git mergetool.
        #expect(try git(["checkout", "-q", "-b", "third", "base"]).status == 0)
        _ = try write("Main.storyboard", Self.storyboard(hint: "First time?"), in: repo)
        #expect(try git(["commit", "-q", "-am", "third"]).status == 0)
        #expect(try git(["checkout", "-q", "main"]).status == 0)
        let conflicted = try git(["merge", "--no-edit", "third"])
        #expect(conflicted.status != 0)
        #expect(conflicted.output.contains("Main.storyboard:20:29: conflict: scene \"Login\": label \"New here?\" (l2): attribute text"), "\(conflicted.output)")
        let working = try String(contentsOf: repo.appendingPathComponent("Main.storyboard"), encoding: .utf8)
        #expect(!working.contains("<<<<<<<"))
        #expect(working.contains("<!--storyboard merge conflict: attribute text of label \"New here?\" (l2)"))

        let tool = try Tmux(command: "cd '\(repo.path)' && git mergetool --tool storyboard; echo EXIT=$?", width: 120, height: 30, environment: environment)
        _ = try tool.waitFor(text: "Conflicts in Main.storyboard: 1, 1 open")
        try tool.send("Enter")
        let pictures = try tool.waitFor(text: "Theirs (t)")
        #expect(pictures.contains("Ours (o)"))
        #expect(pictures.contains("New here?") && pictures.contains("First time?"))
        try tool.send("t")
        _ = try tool.waitFor(text: "w write")
        try tool.send("w")
        _ = try tool.waitFor(text: "EXIT=0")
        #expect(try String(contentsOf: repo.appendingPathComponent("Main.storyboard"), encoding: .utf8) == Self.storyboard(title: "Hello", button: "Sign in", hint: "First time?"))
    }
}
