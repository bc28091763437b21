import Foundation
import Testing
import TestSupport

/// The command-line tools on real files: output, exit statuses, no crash on any bytes.
@Suite struct CommandLineTests {
    let binary: String
    let directory: URL

    init() throws {
        binary = try BuiltProduct.url(named: "storyboard").path
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String, in folder: URL? = nil) throws -> String {
        let url = (folder ?? directory).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let good = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController title="List" id="list" sceneMemberID="viewController">
                        <view key="view" id="v1"><subviews>
                            <button id="b1"><state key="normal" title="Go"/>
                                <connections><segue destination="detail" kind="show" identifier="ShowDetail" id="g1"/></connections>
                            </button>
                        </subviews></view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController title="Detail" id="detail" sceneMemberID="viewController">
                        <view key="view" id="v2"/>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func checkPassesAGoodFileWithASummary() throws {
        let file = try write("Good.storyboard", Self.good)
        let result = try Tmux.run([binary, "check", file])
        #expect(result.status == 0)
        #expect(result.output == "checked 1 file: 3 scenes, 2 segues, no problems\n", "\(result.output)")
        let two = try Tmux.run([binary, "check", file, "colorboard"])
        #expect(two.output.hasPrefix("checked 2 files: "), "\(two.output)")
        #expect(two.output.hasSuffix(", no problems\n"), "\(two.output)")
    }

    @Test func checkNamesFileLineAndColumnAndExitsOne() throws {
        let broken = Self.good.replacingOccurrences(of: "destination=\"detail\"", with: "destination=\"nowhere\"")
        let file = try write("Broken.storyboard", broken)
        let result = try Tmux.run([binary, "check", file])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file):13:38: error: "), "\(result.output)")
        #expect(result.output.contains(": error: "), "\(result.output)")
        #expect(result.output.contains("nowhere"), "\(result.output)")
    }

    @Test func checkOnAMissingFileIsOneLineNamingItAndTheBundledNames() throws {
        let missing = directory.appendingPathComponent("Missing.storyboard").path
        let result = try Tmux.run([binary, "check", missing])
        #expect(result.status == 2)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1, "\(result.output)")
        #expect(result.output.contains("\"\(missing)\""), "\(result.output)")
        #expect(result.output.contains("bundled: colorboard, dailybuzz"), "\(result.output)")
        #expect(!result.output.contains("could not be completed"), "\(result.output)")
    }

    /// Every command takes the same targets: a file, or a bundled storyboard by name, and
    /// fails the same way on a name that is neither.
    @Test(arguments: [
        ["check", "colorboard"], ["graph", "Colorboard.storyboard"], ["unwind", "seguetour", "--from", "ConfirmStepViewController", "--action", "resetAccount:"],
        ["monkey", "colorboard", "--events", "50", "--seed", "3"], ["render", "colorboard", "--size", "40x8"],
    ])
    func everyCommandTakesBundledNames(arguments: [String]) throws {
        let data = directory.appendingPathComponent("data-\(arguments[0])").path
        let extra = ["render", "monkey"].contains(arguments[0]) ? ["--data-dir", data] : []
        let result = try Tmux.run([binary] + arguments + extra)
        #expect(result.status == 0, "\(arguments): \(result.output)")
        let unknown = try Tmux.run([binary, arguments[0], "colourboard"] + (arguments[0] == "unwind" ? ["--from", "x", "--action", "y:"] : []))
        #expect(unknown.status == 2, "\(unknown.output)")
        #expect(unknown.output.contains("no file, folder or bundled storyboard named \"colourboard\" (bundled: colorboard, dailybuzz"), "\(unknown.output)")
    }

    @Test func aFolderIsCheckedWhole() throws {
        _ = try write("Good.storyboard", Self.good)
        let result = try Tmux.run([binary, "check", directory.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Good.storyboard: 3 scenes, 2 segues, no references: no errors, no warnings"), "\(result.output)")
        #expect(result.output.contains(": 1 storyboard, no app\nchecked 1 file: 3 scenes, 2 segues, no problems\n"), "\(result.output)")
    }

    /// A mistyped path must not pass a CI job: a folder with nothing to check fails.
    @Test func checkOfAFolderWithNoStoryboardFailsWithExitTwo() throws {
        let empty = directory.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try Tmux.run([binary, "check", empty.path])
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("no storyboard in this folder"), "\(result.output)")
        try "not a storyboard".write(to: empty.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        #expect(try Tmux.run([binary, "check", empty.path]).status == 2)
    }

    /// An app made as Xcode makes them: a storyboard of scenes for code (no initial view
    /// controller), one opened by a reference inside the main one's navigation controller
    /// (its show segue pushes), a reference nothing uses, an image-only bar button. Xcode
    /// builds it without a word, and `check --strict` passes it; a main storyboard without
    /// an initial view controller fails.
    @Test func checkStrictPassesWhatXcodeAcceptsAndFailsAMainStoryboardWithoutAnEntry() throws {
        let app = directory.appendingPathComponent("Shelf")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>
            """.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        func storyboard(_ name: String, initial: String?, _ scenes: String) throws {
            let attribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(attribute)>
                    <scenes>\(scenes)</scenes>
                </document>
                """.write(to: app.appendingPathComponent("Base.lproj/\(name).storyboard"), atomically: true, encoding: .utf8)
        }
        let main = """
            <scene sceneID="m1"><objects>
                <navigationController id="nav" sceneMemberID="viewController">
                    <connections><segue destination="home" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                </navigationController>
            </objects></scene>
            <scene sceneID="m2"><objects>
                <viewController title="Home" id="home" sceneMemberID="viewController">
                    <view key="view" id="hv"><subviews>
                        <button id="b1"><state key="normal" title="Settings"/>
                            <connections><segue destination="toSettings" kind="show" id="g1"/></connections>
                        </button>
                    </subviews></view>
                    <navigationItem key="navigationItem" title="Home" id="ni">
                        <barButtonItem key="rightBarButtonItem" image="trash" id="bi"/>
                    </navigationItem>
                </viewController>
            </objects></scene>
            <scene sceneID="m3"><objects>
                <viewControllerPlaceholder storyboardName="Settings" id="toSettings" sceneMemberID="viewController"/>
            </objects></scene>
            <scene sceneID="m4"><objects>
                <viewControllerPlaceholder storyboardName="Library" referencedIdentifier="Chat" id="unused" sceneMemberID="viewController"/>
            </objects></scene>
            """
        try storyboard("Main", initial: "nav", main)
        try storyboard("Settings", initial: "settings", """
            <scene sceneID="s1"><objects>
                <viewController title="Settings" id="settings" sceneMemberID="viewController">
                    <view key="view" id="sv"><subviews>
                        <button id="b2"><state key="normal" title="Theme"/>
                            <connections><segue destination="theme" kind="show" id="g2"/></connections>
                        </button>
                    </subviews></view>
                </viewController>
            </objects></scene>
            <scene sceneID="s2"><objects><viewController title="Theme" id="theme" sceneMemberID="viewController"/></objects></scene>
            """)
        try storyboard("Library", initial: nil, """
            <scene sceneID="l1"><objects><viewController title="Chat" storyboardIdentifier="Chat" id="chat" sceneMemberID="viewController"/></objects></scene>
            """)
        let accepted = try Tmux.run([binary, "check", "--strict", app.path])
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(!accepted.output.contains("error:"), "\(accepted.output)")
        // The image-only button is still pointed out, as advice.
        #expect(accepted.output.contains("warning: the bar button item \"bi\""), "\(accepted.output)")

        try storyboard("Main", initial: nil, main)
        let rejected = try Tmux.run([binary, "check", "--strict", app.path])
        #expect(rejected.status == 1, "\(rejected.output)")
        #expect(rejected.output.contains("Main.storyboard:0:0: error: "), "\(rejected.output)")
        #expect(rejected.output.contains("no initial view controller"), "\(rejected.output)")
    }

    /// The monkey's summary counts in English: a storyboard of one scene saw "1 screen".
    @Test func monkeysSummaryReadsAsEnglish() throws {
        let one = Self.good.replacingOccurrences(of: "initialViewController=\"nav\"", with: "initialViewController=\"detail\"")
        let file = try write("One.storyboard", one)
        let result = try Tmux.run([binary, "monkey", file, "--events", "30", "--seed", "1"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("; 1 screen, "), "\(result.output)")
        #expect(!result.output.contains(" 1 screens") && !result.output.contains(" 1 times") && !result.output.contains(" 1 resizes"), "\(result.output)")
    }

    @Test func checkSurvivesArbitraryBytes() throws {
        var generator = SystemRandomNumberGenerator()
        for index in 0..<20 {
            let bytes = (0..<Int.random(in: 0..<2_000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let url = directory.appendingPathComponent("noise-\(index).storyboard")
            try Data(bytes).write(to: url)
            let result = try Tmux.run([binary, "check", url.path])
            // Not a storyboard at all: nothing could be checked.
            #expect(result.status == 2, "bytes \(bytes.prefix(40)) gave status \(result.status): \(result.output)")
        }
    }

    /// One convention for every command: a file that does not load is 2 (the command could
    /// not run) in all of them, and errors in a storyboard that parses are findings (1) in
    /// `check`, which is there to find them.
    @Test func everyCommandExitsTwoOnAFileThatDoesNotLoad() throws {
        let cut = try write("Cut.storyboard", String(Self.good.prefix(Self.good.count / 2)))
        let broken = try write("Broken.storyboard", Self.good.replacingOccurrences(of: "destination=\"detail\"", with: "destination=\"nowhere\""))
        for file in [cut, broken] {
            for command in [
                ["graph", file], ["render", file], ["monkey", file, "--events", "5"], ["unwind", file, "--from", "detail", "--action", "done:"],
                ["run", file],
            ] {
                let result = try Tmux.run([binary] + command)
                #expect(result.status == 2, "\(command): \(result.status) \(result.output)")
                #expect(result.output.contains(file + ":"), "\(command): \(result.output)")
            }
        }
        #expect(try Tmux.run([binary, "check", cut]).status == 2)
        #expect(try Tmux.run([binary, "check", broken]).status == 1)
        #expect(try Tmux.run([binary, "diff", cut, broken]).status == 2)
        // A folder's graph leaves the file out, names it, and still says the run was not whole.
        let folder = directory.appendingPathComponent("graphs")
        _ = try write("Good.storyboard", Self.good, in: folder)
        _ = try write("Cut.storyboard", String(Self.good.prefix(Self.good.count / 2)), in: folder)
        let graph = try Tmux.run([binary, "graph", folder.path])
        #expect(graph.status == 2, "\(graph.output)")
        #expect(graph.output.contains("digraph"), "\(graph.output)")
    }

    /// Input too big costs nothing: a regular file by its size, a stream up to the limit, a
    /// FIFO nobody writes at once; each an error naming the file, status 2, in every command
    /// that reads storyboards.
    @Test func inputTooLargeOrEndlessIsRefusedAtOnceByEveryCommand() throws {
        let sparse = directory.appendingPathComponent("Huge.storyboard").path
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        #expect(truncate(sparse, 3 << 30) == 0)
        let fifo = directory.appendingPathComponent("Pipe.storyboard").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for command in ["check", "graph", "outline", "render", "monkey", "run"] {
            let huge = try Tmux.run([binary, command, sparse])
            #expect(huge.status == 2, "\(command): \(huge.output)")
            #expect(huge.output.contains("Huge.storyboard") && huge.output.contains("too large (3221225472 bytes; at most 64 MiB)"), "\(command): \(huge.output)")
            let zero = try Tmux.run([binary, command, "/dev/zero"])
            #expect(zero.status == 2, "\(command): \(zero.output)")
            #expect(zero.output.contains("/dev/zero") && zero.output.contains("too large (more than 64 MiB)"), "\(command): \(zero.output)")
            // Nobody writes: an empty file, at once (which outline shows as text, status 0).
            let pipe = try Tmux.run([binary, command, fifo])
            #expect(pipe.status == (command == "outline" ? 0 : 2), "\(command): \(pipe.output)")
            #expect(pipe.output.contains("Pipe.storyboard"), "\(command): \(pipe.output)")
        }
        let diff = try Tmux.run([binary, "diff", sparse, "/dev/zero"])
        #expect(diff.status == 2)
        #expect(diff.output.contains("Huge.storyboard\" is too large") && diff.output.contains("\"/dev/zero\" is too large"), "\(diff.output)")
        // Translations too: a folder whose strings file says it holds 3 GB.
        let app = directory.appendingPathComponent("HugeApp")
        _ = try write("Base.lproj/Main.storyboard", Self.good, in: app)
        let strings = try write("de.lproj/Main.strings", "", in: app)
        #expect(truncate(strings, 3 << 30) == 0)
        let translated = try Tmux.run([binary, "check", app.path, "--locale", "de"])
        #expect(translated.output.contains("Main.strings:0:0: error: the file is too large (3221225472 bytes; at most 64 MiB)"), "\(translated.output)")
    }

    /// Every message starts `storyboard:` and an argument error reads as sentences.
    @Test func argumentErrorsReadAsSentences() throws {
        let file = try write("Args.storyboard", Self.good)
        let format = try Tmux.run([binary, "graph", file, "--format", "svg"])
        #expect(format.status == 2)
        #expect(
            format.output == "storyboard: The value 'svg' is invalid for '--format <format>'. Please provide one of 'dot' and 'mermaid'. See 'storyboard graph --help'.\n",
            "\(format.output)")
        let one = try Tmux.run([binary, "diff", file])
        #expect(one.status == 2)
        #expect(
            one.output == "storyboard: give OLD and NEW (or git's seven external-diff arguments), not one argument. See 'storyboard diff --help'.\n",
            "\(one.output)")
        let help = try Tmux.run([binary, "--help"])
        #expect(help.output.contains("Exit status, the same for every command: 0 fine; 1 findings or differences"), "\(help.output)")
    }

    @Test func strictTurnsLintsIntoErrors() throws {
        let unreachable = Self.good.replacingOccurrences(of: "<scenes>", with: """
            <scenes><scene sceneID="s9"><objects><viewController title="Orphan" id="orphan" sceneMemberID="viewController"/></objects></scene>
            """)
        let file = try write("Lint.storyboard", unreachable)
        let relaxed = try Tmux.run([binary, "check", file])
        #expect(relaxed.status == 0)
        #expect(relaxed.output.contains("warning:"), "\(relaxed.output)")
        let strict = try Tmux.run([binary, "check", "--strict", file])
        #expect(strict.status == 1)
        #expect(strict.output.contains("error:"), "\(strict.output)")
    }

    @Test func graphWritesDotAndMermaid() throws {
        let file = try write("Graph.storyboard", Self.good)
        let dot = try Tmux.run([binary, "graph", file])
        #expect(dot.status == 0)
        #expect(dot.output.hasPrefix("digraph"), "\(dot.output)")
        #expect(dot.output.contains("ShowDetail"))
        let mermaid = try Tmux.run([binary, "graph", file, "--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.output.contains("ShowDetail"))
        let bad = try Tmux.run([binary, "graph", file, "--format", "svg"])
        #expect(bad.status == 2)
    }

    @Test func unwindDryRunFindsTheTourDestination() throws {
        let tour = try #require(try Tmux.run(["sh", "-c", "ls \(URL(fileURLWithPath: binary).deletingLastPathComponent().path)/*resources/storyboards/SegueTour.storyboard"]).output
            .split(separator: "\n").first.map(String.init))
        let reset = try Tmux.run([binary, "unwind", tour, "--from", "ConfirmStepViewController", "--action", "resetAccount:"])
        #expect(reset.status == 0)
        #expect(reset.output.contains("Destination: NameStepViewController"), "\(reset.output)")
        let nowhere = try Tmux.run([binary, "unwind", tour, "--from", "ConfirmStepViewController", "--action", "nowhere:"])
        #expect(nowhere.status == 1)
        let noScene = try Tmux.run([binary, "unwind", tour, "--from", "NoSuchScene", "--action", "resetAccount:"])
        #expect(noScene.status == 2)
    }

    @Test func renderPrintsTheScreenAndRejectsBadArguments() throws {
        let data = directory.appendingPathComponent("data").path
        let screen = try Tmux.run([binary, "render", "dailybuzz", "--data-dir", data, "--size", "60x10"])
        #expect(screen.status == 0)
        #expect(screen.output.split(separator: "\n").first?.contains("Daily Buzz") == true, "\(screen.output)")
        let badSize = try Tmux.run([binary, "render", "dailybuzz", "--size", "wide"])
        #expect(badSize.status == 2)
        let badKeys = try Tmux.run([binary, "render", "dailybuzz", "--keys", "<Nope>"])
        #expect(badKeys.status == 2)
        let unknown = try Tmux.run([binary, "render", "no-such-storyboard"])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains("bundled: "), "\(unknown.output)")
    }

    @Test func monkeyRunsFilesAndBundledStoryboardsAndNamesItsSeed() throws {
        let file = try write("Good.storyboard", Self.good)
        let data = directory.appendingPathComponent("monkey").path
        let run = try Tmux.run([binary, "monkey", file, "colorboard", "--events", "400", "--seed", "17", "--data-dir", data])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("seed 17, 400 events per storyboard"), "\(run.output)")
        #expect(run.output.contains("Good.storyboard: ok, 400 events"), "\(run.output)")
        #expect(run.output.contains("colorboard: ok, 400 events"), "\(run.output)")
        let badEvents = try Tmux.run([binary, "monkey", "colorboard", "--events", "0"])
        #expect(badEvents.status == 2)
        let unknown = try Tmux.run([binary, "monkey", "no-such-storyboard", "--events", "10"])
        #expect(unknown.status == 2)
    }

    // MARK: A newcomer's mistakes

    /// Every failure of both programs is one line in one form.
    static func isOneFailureLine(_ output: String) -> Bool {
        output.hasPrefix("storyboard: ") && output.hasSuffix("\n") && output.dropLast().split(separator: "\n").count == 1
    }

    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        for (typed, nearest) in [("rnu", "run"), ("chek", "check"), ("rendr", "render"), ("grpah", "graph")] {
            let result = try Tmux.run([binary, typed, "dailybuzz"])
            #expect(result.status == 2, "\(typed): \(result.output)")
            #expect(Self.isOneFailureLine(result.output), "\(result.output)")
            #expect(result.output.hasPrefix("storyboard: \"\(typed)\" is not a command; did you mean \(nearest)?"), "\(result.output)")
        }
    }

    @Test func aWordThatIsNeitherCommandNorStoryboardSaysBoth() throws {
        let result = try Tmux.run([binary, "frobnicate"])
        #expect(result.status == 2)
        #expect(Self.isOneFailureLine(result.output), "\(result.output)")
        #expect(result.output.contains("\"frobnicate\" is not a command (commands: run, render, check"), "\(result.output)")
        #expect(result.output.contains("nor a storyboard to run: no file, folder or bundled storyboard named \"frobnicate\""), "\(result.output)")
        // A bundled name and a path still run (here: render's size check answers first).
        let path = try Tmux.run([binary, "./missing.storyboard"])
        #expect(path.output.contains("no file, folder or bundled storyboard named \"./missing.storyboard\""), "\(path.output)")
        #expect(!path.output.contains("not a command"), "\(path.output)")
    }

    /// How the test itself sees the binary linked, from `ldd`: no dynamic section at all,
    /// the Swift runtime among its libraries, or neither.
    func linking(of program: String) throws -> String {
        let ldd = try Tmux.run(["ldd", program])
        if ldd.output.contains("not a dynamic executable") { return "static executable" }
        return ldd.output.contains("libswiftCore.so") ? "dynamically linked" : "the Swift runtime is linked in"
    }

    @Test func versionSaysHowTheProgramWasBuilt() throws {
        let server = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("storyboard-server").path
        for (program, name) in [(binary, "storyboard"), (server, "storyboard-server")] {
            let result = try Tmux.run([program, "--version"])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.hasPrefix("\(name) 0."), "\(result.output)")
            #expect(result.output.contains("debug build; ") || result.output.contains("release build; "), "\(result.output)")
            #expect(result.output.contains("; \(try linking(of: program))"), "\(result.output)")
        }
        let served = try Tmux.run([binary, "serve", "--version"])
        #expect(served.output.hasPrefix("storyboard-server 0."), "\(served.output)")
    }

    @Test(arguments: ["-5x10", "0x0", "80", "wide"])
    func aBadSizeIsOneClearLine(size: String) throws {
        for command in [["render", "seguetour"], ["monkey", "seguetour", "--events", "1"]] {
            let result = try Tmux.run([binary] + command + ["--size", size])
            #expect(result.status == 2, "\(result.output)")
            #expect(Self.isOneFailureLine(result.output), "\(result.output)")
            #expect(result.output.contains("--size must look like 80x24 (columns x rows, each 1 to 1000), not \"\(size)\""), "\(result.output)")
            #expect(!result.output.contains("Usage:"), "\(result.output)")
        }
    }

    @Test func everyFailureHasTheSamePrefix() throws {
        let missing = directory.appendingPathComponent("Missing.storyboard").path
        let failures: [[String]] = [
            ["check", missing], ["graph", missing], ["unwind", missing, "--from", "a", "--action", "b:"],
            ["render", missing], ["monkey", missing, "--events", "1"], ["render", "seguetour", "--no-such-option"],
            ["check"], ["unwind", "seguetour", "--from", "Nope", "--action", "b:"], ["serve", "--no-such-option"],
        ]
        for arguments in failures {
            let result = try Tmux.run([binary] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(Self.isOneFailureLine(result.output), "\(arguments): \(result.output)")
        }
    }

    @Test func monkeyOnAMissingFileSaysOnlyThat() throws {
        let missing = directory.appendingPathComponent("Missing.storyboard").path
        let result = try Tmux.run([binary, "monkey", "colorboard", missing, "--events", "10"])
        #expect(result.status == 2)
        #expect(Self.isOneFailureLine(result.output), "no seed banner first: \(result.output)")
    }

    @Test func unwindTakesATitleAndListsTheScenesWhenNothingMatches() throws {
        let byTitle = try Tmux.run([binary, "unwind", "seguetour", "--from", "Confirm", "--action", "doneCreatingAccount:"])
        #expect(byTitle.status == 0, "\(byTitle.output)")
        #expect(byTitle.output.contains("Unwinding doneCreatingAccount: from ConfirmStepViewController"), "\(byTitle.output)")
        #expect(byTitle.output.contains("Destination: AccountViewController"), "\(byTitle.output)")
        let anyCase = try Tmux.run([binary, "unwind", "seguetour", "--from", "game over", "--action", "playAgain:"])
        #expect(anyCase.output.contains("Destination: DungeonTabBarController"), "\(anyCase.output)")

        let typo = try Tmux.run([binary, "unwind", "seguetour", "--from", "Confrim", "--action", "doneCreatingAccount:"])
        #expect(typo.status == 2)
        #expect(Self.isOneFailureLine(typo.output), "\(typo.output)")
        #expect(typo.output.contains("did you mean \"Confirm\"?"), "\(typo.output)")
        for scene in ["\"Segue Tour\"", "\"Confirm\"", "\"Game Over\"", "\"RegionMapViewController\""] {
            #expect(typo.output.contains(scene), "\(scene) among the candidates: \(typo.output)")
        }
    }

    @Test func aTitleSeveralScenesShareNamesTheirIds() throws {
        let twins = Self.good.replacingOccurrences(of: "title=\"Detail\"", with: "title=\"List\"")
        let file = try write("Twins.storyboard", twins)
        let result = try Tmux.run([binary, "unwind", file, "--from", "List", "--action", "done:"])
        #expect(result.status == 2)
        #expect(result.output == "storyboard: 2 scenes are called \"List\"; give one's id: \"list\", \"detail\"\n", "\(result.output)")
    }
}
