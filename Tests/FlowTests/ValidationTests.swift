import Foundation
import Testing

@testable import Flow

@Suite("Validating storyboards")
struct ValidationTests {
    /// The single error of a file that must fail, with its position checked against `needle`.
    private func expectError(
        _ text: String, _ message: String, at needle: String, occurrence: Int = 1,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil, "a file with errors loaded", sourceLocation: sourceLocation)
        #expect(outcome.errors.map(\.message) == [message], sourceLocation: sourceLocation)
        let expected = position(of: needle, in: text, occurrence: occurrence)
        #expect(expected != nil, "needle not in text", sourceLocation: sourceLocation)
        #expect(outcome.errors.first?.location == expected, sourceLocation: sourceLocation)
        #expect(outcome.errors.first?.file == "Test.storyboard", sourceLocation: sourceLocation)
    }

    /// The single warning of a file that must still load, with its position checked against
    /// `needle`: a missing piece Xcode would build with, which never stops a run.
    private func expectWarning(
        _ text: String, _ message: String, at needle: String, occurrence: Int = 1,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let outcome = loadStoryboard(text)
        #expect(outcome.document != nil, "the file did not load: \(outcome.diagnostics)", sourceLocation: sourceLocation)
        #expect(outcome.errors.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.warnings.map(\.message) == [message], sourceLocation: sourceLocation)
        let expected = position(of: needle, in: text, occurrence: occurrence)
        #expect(expected != nil, "needle not in text", sourceLocation: sourceLocation)
        #expect(outcome.warnings.first?.location == expected, sourceLocation: sourceLocation)
    }

    // MARK: Malformed XML

    @Test func truncatedFileIsRejected() {
        // Cut after a complete line: every tag is whole, but elements are left open.
        let lines = StoryboardFixtures.modern.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = (lines.firstIndex { $0.contains("text=\"Enabled\"") } ?? 0) + 1
        let cut = lines.prefix(kept).joined(separator: "\n") + "\n"
        let outcome = loadStoryboard(cut)
        #expect(outcome.document == nil)
        let innermost = position(of: "<label opaque=\"NO\" text=\"Enabled\"", in: cut)
        #expect(
            outcome.errors.map(\.message) == [
                "malformed XML: the file ends inside <label> opened at \(innermost?.description ?? "?") (is it truncated?)"
            ])
        // At the end of the input, give or take the final line break.
        let line = outcome.errors.first?.location.line ?? 0
        #expect(line == kept || line == kept + 1)

        // Cut inside an attribute value.
        let midAttribute = String(StoryboardFixtures.modern.prefix(StoryboardFixtures.modern.count / 2))
        let other = loadStoryboard(midAttribute)
        #expect(other.document == nil)
        #expect(other.errors.count == 1)
        #expect(other.errors.first?.message.hasPrefix("malformed XML: the file ends in the middle of a tag (inside <") == true, "\(other.errors)")
        #expect(other.errors.first?.message.hasSuffix(">); is it truncated?") == true, "\(other.errors)")

        // Cut just after an attribute's name: not "an attribute has no value".
        let afterName = "<document type=\"x\"><scenes><scene sceneID=\"s\"><objects><viewController id"
        #expect(
            loadStoryboard(afterName).errors.map(\.message) == [
                "malformed XML: the file ends in the middle of a tag (inside <objects>); is it truncated?"
            ])
    }

    @Test func everyTruncationOfAFileIsRejected() {
        // Never half-loaded: whatever the cut, the elements delivered so far are thrown away.
        let bytes = Array(StoryboardFixtures.containers.utf8)
        guard let end = bytes.lastIndex(of: UInt8(ascii: ">")) else {
            Issue.record("fixture has no closing tag")
            return
        }
        var loaded = 0
        for length in stride(from: 0, to: end, by: 7) {
            if case .loaded = loadStoryboard(bytes: Data(bytes[0..<length])) { loaded += 1 }
        }
        #expect(loaded == 0)
        if case .failed(let diagnostics) = loadStoryboard(bytes: Data(bytes)) {
            Issue.record("the whole file failed: \(diagnostics)")
        }
    }

    @Test func escapeByteInAnAttributeIsRejected() {
        // libxml2 recovers from this silently by cutting the attribute short.
        let text = storyboard(
            scene(
                "a", "<view key=\"view\" id=\"v\"><subviews><label text=\"a\u{1B}[31mb\" id=\"l\"/></subviews></view>"))
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.message.hasPrefix("malformed XML") == true)
        #expect(outcome.errors.first?.location.line == position(of: "<label", in: text)?.line)
    }

    @Test func mismatchedTagIsRejectedWithItsPosition() {
        let text = "<document>\n  <scenes>\n  </scene>\n</document>\n"
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(outcome.errors.map(\.message) == ["malformed XML: a closing tag does not match the element it closes"])
        #expect(outcome.errors.first?.location.line == 3)
    }

    @Test func undeclaredEntityIsRejected() {
        let text = storyboard(
            scene("a", "<view key=\"view\" id=\"v\"><subviews><label text=\"&nope;\" id=\"l\"/></subviews></view>"))
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(outcome.errors.map(\.message) == ["malformed XML: reference to an undeclared entity"])
    }

    @Test func emptyFileIsRejected() {
        let outcome = loadStoryboard("")
        #expect(outcome.document == nil)
        #expect(outcome.errors.count == 1)
    }

    @Test func excessiveNestingIsRejected() {
        let depth = 5_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let outcome = loadStoryboard(text)
        #expect(outcome.errors.map(\.message) == ["elements are nested more than 256 levels deep"])
        #expect(outcome.errors.first?.location == Flow.SourceLocation(line: 1, column: 3 * 256 + 1))
    }

    // MARK: DOCTYPE, entities, encodings

    @Test func doctypeIsRejectedAtItsPosition() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE document>\n<document/>\n"
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(
            outcome.errors.map(\.message) == [
                "DOCTYPE declarations are not allowed in a storyboard (they can define entities)"
            ])
        #expect(outcome.errors.first?.location == Flow.SourceLocation(line: 2, column: 1))
    }

    @Test func billionLaughsIsRejectedBeforeExpansion() {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let text = "<?xml version=\"1.0\"?>\n<!doctype document [\n\(entities)]>\n<document title=\"&lol9;\"/>\n"
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.message.hasPrefix("DOCTYPE") == true)
        #expect(outcome.errors.first?.location == Flow.SourceLocation(line: 2, column: 1))
    }

    @Test func externalEntityIsRejected() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <document><scenes>&secret;</scenes></document>
            """
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(outcome.errors.first?.message.hasPrefix("DOCTYPE") == true)
    }

    @Test func otherEncodingsAreRejected() {
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<document/>\n"
        let outcome = loadStoryboard(declared)
        #expect(
            outcome.errors.map(\.message) == [
                "the file declares encoding \"UTF-7\"; storyboards must be UTF-8"
            ])
        #expect(outcome.errors.first?.location == Flow.SourceLocation(line: 1, column: 21))

        let latin1 = Data([0x3C, 0x64, 0x20, 0x61, 0x3D, 0x22, 0xE9, 0x22, 0x2F, 0x3E])  // <d a="é"/> in Latin-1
        let bad = loadStoryboard(bytes: latin1)
        #expect(bad.errors.map(\.message) == ["the file is not UTF-8 text (invalid byte 0xE9)"])
        #expect(bad.errors.first?.location == Flow.SourceLocation(line: 1, column: 7))

        // UTF-16 with a byte order mark, and without one (NUL bytes).
        // UTF-16 is named as such, once, rather than as bytes that are not UTF-8 and NULs.
        let utf16 = Data([0xFF, 0xFE] + Array("<document/>".utf8).flatMap { [$0, 0] })
        #expect(loadStoryboard(bytes: utf16).errors.map(\.message) == ["the file is UTF-16 (little-endian) text: save it as UTF-8"])
        let bigEndian = Data([0xFE, 0xFF] + Array("<document/>".utf8).flatMap { [0, $0] })
        #expect(loadStoryboard(bytes: bigEndian).errors.map(\.message) == ["the file is UTF-16 (big-endian) text: save it as UTF-8"])
        let bare16 = Data(Array("<document/>".utf8).flatMap { [$0, 0] })
        #expect(loadStoryboard(bytes: bare16).errors.map(\.message) == ["the file is UTF-16 (little-endian) text: save it as UTF-8"])
        let nul = Data(Array("<document>".utf8) + [0] + Array("</document>".utf8))
        #expect(loadStoryboard(bytes: nul).errors.map(\.message).contains("the file contains a NUL byte"))
    }

    @Test func processingInstructionsAreRejected() {
        // An empty one crashes FoundationXML on Linux; none belong in a storyboard.
        for (text, column) in [("<document><?pi?></document>", 11), ("<document/>\n<?xml-stylesheet href=\"a\"?>", 1)] {
            let outcome = loadStoryboard(text)
            #expect(outcome.document == nil)
            #expect(
                outcome.errors.map(\.message) == ["processing instructions (<?…?>) are not allowed in a storyboard"])
            #expect(outcome.errors.first?.location.column == column)
        }
        // The XML declaration itself is fine.
        #expect(loadStoryboard(storyboard(scene("a"))).document != nil)
    }

    @Test func utf8ByteOrderMarkIsAccepted() throws {
        let text = storyboard(scene("a", "<view key=\"view\" id=\"v\"><subviews><sceneKitView id=\"m\"/></subviews></view>"))
        let outcome = loadStoryboard(bytes: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        #expect(outcome.document != nil)
        #expect(outcome.warnings.first?.location == position(of: "<sceneKitView", in: text))
    }

    // MARK: Structure

    @Test func rootMustBeADocument() {
        expectError(
            "<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>\n",
            "the root element is <archive>, but a storyboard starts with <document>", at: "<archive")
    }

    @Test func controllerWithoutID() {
        let text = storyboard(
            initial: nil,
            """
                    <scene sceneID="s"><objects>
                        <viewController sceneMemberID="viewController"/>
                    </objects></scene>
            """)
        expectError(text, "view controller <viewController> has no id", at: "<viewController")
    }

    @Test func segueWithoutID() {
        let text = storyboard(
            scene("a", "<connections><segue destination=\"b\" kind=\"show\"/></connections>") + scene("b"))
        expectError(text, "segue to \"b\" has no id", at: "<segue")
    }

    @Test func segueWithoutDestination() {
        let text = storyboard(scene("a", "<connections><segue kind=\"show\" id=\"s\"/></connections>"))
        expectError(text, "segue \"s\" has no destination", at: "<segue")
    }

    @Test func relationshipWithoutItsKind() {
        let text = storyboard(
            scene(
                "a", kind: "navigationController",
                "<connections><segue destination=\"b\" kind=\"relationship\" id=\"r\"/></connections>")
                + scene("b"))
        expectError(text, "relationship segue \"r\" has no relationship attribute", at: "<segue")
    }

    @Test func sceneWithoutAControllerIsSkippedWithAWarning() throws {
        let text = storyboard(
            scene("a") + """
                        <scene sceneID="empty"><objects>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                        </objects></scene>
                """)
        let outcome = loadStoryboard(text)
        let document = try #require(outcome.document)
        #expect(document.controllers.map(\.id) == ["a"])
        #expect(outcome.warnings.map(\.message) == ["scene \"empty\" has no view controller; it is skipped"])
        #expect(outcome.warnings.first?.location == position(of: "<scene sceneID=\"empty\"", in: text))
    }

    @Test func duplicateIDs() {
        let text = storyboard(
            scene("a", "<view key=\"view\" id=\"same\"/>")
                + scene("b", "<view key=\"view\" id=\"same\"/>"))
        let first = position(of: "<view key=\"view\" id=\"same\"", in: text)
        expectError(
            text, "duplicate id \"same\" (first used at \(first?.description ?? "?"))",
            at: "<view key=\"view\" id=\"same\"", occurrence: 2)
    }

    @Test func segueToAMissingScene() {
        let text = storyboard(
            scene("a", "<connections><segue destination=\"xyz\" kind=\"show\" id=\"abc\"/></connections>"))
        expectError(text, "segue \"abc\" goes to \"xyz\", which is not a scene in this file", at: "<segue")
    }

    @Test func segueToAViewIsNotToAScene() {
        let text = storyboard(
            scene(
                "a",
                "<view key=\"view\" id=\"v\"/><connections><segue destination=\"v\" kind=\"show\" id=\"s\"/></connections>"
            ))
        expectError(text, "segue \"s\" goes to \"v\", which is not a scene in this file", at: "<segue")
    }

    @Test func unwindMustGoToTheScenesExit() {
        let text = storyboard(
            scene(
                "a", exit: "exit-a",
                "<connections><segue destination=\"exit-b\" kind=\"unwind\" unwindAction=\"back:\" id=\"u\"/></connections>"
            )
                + scene("b", exit: "exit-b"))
        expectError(text, "unwind segue \"u\" goes to \"exit-b\", which is not this scene's exit", at: "<segue")
    }

    @Test func unwindFromASceneWithoutExit() {
        let text = storyboard(
            scene(
                "a",
                "<connections><segue destination=\"a\" kind=\"unwind\" unwindAction=\"back:\" id=\"u\"/></connections>")
        )
        expectError(
            text, "unwind segue \"u\" goes to \"a\", which is not this scene's exit (the scene has no <exit>)",
            at: "<segue")
    }

    @Test func onlyUnwindSeguesGoToAnExit() {
        let text = storyboard(
            scene(
                "a", exit: "exit-a", "<connections><segue destination=\"exit-a\" kind=\"show\" id=\"s\"/></connections>"
            ))
        expectError(
            text, "segue \"s\" goes to \"exit-a\", which is a scene's exit; only unwind segues go there", at: "<segue")
    }

    @Test func relationshipFromANonContainer() {
        let text = storyboard(
            scene(
                "a",
                "<connections><segue destination=\"b\" kind=\"relationship\" relationship=\"rootViewController\" id=\"r\"/></connections>"
            )
                + scene("b"))
        expectError(
            text,
            "relationship segue \"r\" (rootViewController) comes from a viewController; only a navigationController has rootViewController",
            at: "<segue")
    }

    @Test func tabRelationshipFromANavigationController() {
        let text = storyboard(
            scene(
                "a", kind: "navigationController",
                "<connections><segue destination=\"b\" kind=\"relationship\" relationship=\"viewControllers\" id=\"r\"/></connections>"
            )
                + scene("b"))
        expectError(
            text,
            "relationship segue \"r\" (viewControllers) comes from a navigationController; only a tabBarController has viewControllers",
            at: "<segue")
    }

    @Test func relationshipFromACell() {
        let text = storyboard(
            scene(
                "a", kind: "tableViewController",
                """
                <tableView key="view" dataMode="prototypes" id="t"><prototypes><tableViewCell id="c"><connections>
                    <segue destination="b" kind="relationship" relationship="rootViewController" id="r"/>
                </connections></tableViewCell></prototypes></tableView>
                """) + scene("b"))
        expectError(
            text,
            "relationship segue \"r\" is fired by an element inside the scene; relationships belong to a container controller",
            at: "<segue")
    }

    @Test func secondRootViewController() {
        let text = storyboard(
            scene(
                "a", kind: "navigationController",
                """
                <connections>
                    <segue destination="b" kind="relationship" relationship="rootViewController" id="r1"/>
                    <segue destination="b" kind="relationship" relationship="rootViewController" id="r2"/>
                </connections>
                """) + scene("b"))
        let first = position(of: "<segue", in: text)
        expectError(
            text,
            "a second rootViewController relationship (segue \"r2\"); the first is at \(first?.description ?? "?")",
            at: "<segue", occurrence: 2)
    }

    @Test func unknownRelationship() {
        let text = storyboard(
            scene(
                "a", kind: "navigationController",
                "<connections><segue destination=\"b\" kind=\"relationship\" relationship=\"sideViewController\" id=\"r\"/></connections>"
            )
                + scene("b"))
        expectWarning(
            text, "relationship segue \"r\" has an unknown relationship \"sideViewController\"; the segue is left out", at: "<segue")
        #expect(loadStoryboard(text).document?.controller(id: "a")?.segues.isEmpty == true)
    }

    @Test func splitViewColumnsAreRelationships() throws {
        let text = storyboard(
            scene(
                "a", kind: "splitViewController",
                """
                <connections>
                    <segue destination="b" kind="relationship" relationship="masterViewController" id="r1"/>
                    <segue destination="c" kind="relationship" relationship="supplementaryViewController" id="r2"/>
                    <segue destination="d" kind="relationship" relationship="detailViewController" id="r3"/>
                    <segue destination="e" kind="relationship" relationship="compactViewController" id="r4"/>
                </connections>
                """) + scene("b") + scene("c") + scene("d") + scene("e"))
        let outcome = loadStoryboard(text)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let split = try #require(outcome.document?.controller(id: "a"))
        #expect(
            split.relationships.map(\.relationship) == [
                .masterViewController, .supplementaryViewController, .detailViewController, .compactViewController,
            ])
    }

    @Test func supplementaryColumnOnlyInASplitView() {
        let text = storyboard(
            scene(
                "a", kind: "navigationController",
                "<connections><segue destination=\"b\" kind=\"relationship\" relationship=\"supplementaryViewController\" id=\"r\"/></connections>"
            ) + scene("b"))
        expectError(
            text,
            "relationship segue \"r\" (supplementaryViewController) comes from a navigationController; only a splitViewController has supplementaryViewController",
            at: "<segue")
    }

    @Test func unknownSegueKind() {
        let text = storyboard(
            scene("a", "<connections><segue destination=\"b\" kind=\"teleport\" id=\"s\"/></connections>") + scene("b"))
        expectWarning(text, "unknown segue kind \"teleport\"; the segue is left out", at: "<segue")
    }

    @Test func duplicateSegueIdentifiersInOneScene() {
        let text = storyboard(
            scene(
                "a",
                """
                <view key="view" id="v"><subviews><button id="b1"><connections>
                    <segue destination="b" kind="show" identifier="Next" id="s1"/>
                </connections></button></subviews></view>
                <connections><segue destination="b" kind="show" identifier="Next" id="s2"/></connections>
                """) + scene("b"))
        let first = position(of: "<segue", in: text)
        expectWarning(
            text, "segue identifier \"Next\" is used twice in this scene (first at \(first?.description ?? "?"))",
            at: "<segue", occurrence: 2)
    }

    @Test func sameSegueIdentifierInTwoScenesIsFine() {
        let text = storyboard(
            scene(
                "a", "<connections><segue destination=\"b\" kind=\"show\" identifier=\"Next\" id=\"s1\"/></connections>"
            )
                + scene(
                    "b",
                    "<connections><segue destination=\"a\" kind=\"show\" identifier=\"Next\" id=\"s2\"/></connections>")
        )
        let outcome = loadStoryboard(text)
        #expect(outcome.document != nil, "\(outcome.diagnostics)")
    }

    @Test func initialControllerMustExist() {
        let text = storyboard(initial: "ghost", scene("a"))
        expectError(text, "initialViewController \"ghost\" is not a view controller in this file", at: "<document")
    }

    @Test func secondControllerInAScene() {
        let text = storyboard(
            """
                    <scene sceneID="s"><objects>
                        <viewController id="a" sceneMemberID="viewController"/>
                        <viewController id="b" sceneMemberID="viewController"/>
                    </objects></scene>
            """)
        let first = position(of: "<viewController id=\"a\"", in: text)
        expectError(
            text, "a second view controller in one scene (the first is at \(first?.description ?? "?"))",
            at: "<viewController id=\"b\"")
    }

    // MARK: Storyboard references

    private func referenceText(_ name: String) -> String {
        storyboard(
            scene(
                "a", kind: "tabBarController",
                "<connections><segue destination=\"ref\" kind=\"relationship\" relationship=\"viewControllers\" id=\"t\"/></connections>"
            )
                + """
                        <scene sceneID="s-ref"><objects>
                            <viewControllerPlaceholder storyboardName="\(name)" id="ref" sceneMemberID="viewController"/>
                        </objects></scene>
                """)
    }

    @Test func referenceToAFileBesideThisOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(storyboard(scene("a")).utf8).write(to: directory.appendingPathComponent("Players.storyboard"))

        #expect(loadStoryboard(referenceText("Players"), directory: directory).document != nil)

        // Missing: a warning, as Xcode builds it; following the reference shows a stand-in.
        let missing = referenceText("Teams")
        let outcome = loadStoryboard(missing, directory: directory)
        #expect(outcome.document != nil)
        #expect(outcome.errors.isEmpty)
        #expect(
            outcome.warnings.map(\.message) == [
                "storyboard reference \"ref\" names \"Teams\", but Teams.storyboard is not in this folder; following it shows a stand-in"
            ])
        #expect(outcome.warnings.first?.location == position(of: "<viewControllerPlaceholder", in: missing))
    }

    @Test func referenceIsNotCheckedWithoutADirectory() {
        #expect(loadStoryboard(referenceText("Teams"), directory: nil).document != nil)
    }

    @Test func referenceNameMustBeAPlainFileName() {
        expectError(
            referenceText("../secrets/Other"),
            "storyboard reference \"ref\" names \"../secrets/Other\", which is not a plain file name",
            at: "<viewControllerPlaceholder")
    }

    @Test func referenceWithoutAName() {
        expectError(
            referenceText(""), "storyboard reference \"ref\" has no storyboardName", at: "<viewControllerPlaceholder")
    }

    // MARK: Many problems at once

    @Test func everyProblemIsReportedInFileOrder() {
        let text = storyboard(
            initial: "ghost",
            """
            \(scene("a", "<connections><segue destination=\"nowhere\" kind=\"show\" id=\"s1\"/></connections>"))
            \(scene("b", "<connections><segue destination=\"a\" kind=\"warp\" id=\"s2\"/></connections>"))
            \(scene("b", "<view key=\"view\" id=\"v\"><subviews><sceneKitView id=\"m\"/></subviews></view>"))
            """)
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(
            outcome.diagnostics.map(\.message) == [
                "initialViewController \"ghost\" is not a view controller in this file",
                "segue \"s1\" goes to \"nowhere\", which is not a scene in this file",
                "unknown segue kind \"warp\"; the segue is left out",
                "duplicate id \"b\" (first used at \(position(of: "<viewController id=\"b\"", in: text)?.description ?? "?"))",
                "unsupported view <sceneKitView>; it is drawn as a placeholder box",
            ])
        #expect(outcome.diagnostics.map(\.severity) == [.error, .error, .warning, .error, .warning])
        let lines = outcome.diagnostics.map(\.location.line)
        #expect(lines == lines.sorted())
    }

    @Test func diagnosticsPrintLikeACompiler() {
        let text = storyboard(
            scene("a", "<connections><segue destination=\"xyz\" kind=\"show\" id=\"abc\"/></connections>"))
        let outcome = loadStoryboard(text, fileName: "Main.storyboard")
        let location = position(of: "<segue", in: text)
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Main.storyboard:\(location?.line ?? 0):\(location?.column ?? 0): error: segue \"abc\" goes to \"xyz\", which is not a scene in this file"
            ])
    }

    @Test func textFromTheFileIsEscapedInMessages() {
        // A right-to-left override and a line break, both legal in XML attribute values.
        let text = storyboard(
            scene("a", "<connections><segue destination=\"x\u{202E}y&#10;z\" kind=\"show\" id=\"s\"/></connections>"))
        let message = loadStoryboard(text).errors.first?.message ?? ""
        #expect(message == "segue \"s\" goes to \"x\\u{202E}y\\nz\", which is not a scene in this file")
        #expect(!message.unicodeScalars.contains { $0.value == 0x202E || $0 == "\n" })
    }

    @Test func escapingKeepsPlainTextAndShowsControls() {
        #expect(DiagnosticText.escaped("Colours é 🙂 \\ \"x\"") == "Colours é 🙂 \\ \"x\"")
        #expect(DiagnosticText.escaped("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(DiagnosticText.escaped("one\ntwo\tthree\r") == "one\\ntwo\\tthree\\r")
        #expect(DiagnosticText.escaped("\u{9B}31m\u{7F}") == "\\u{9B}31m\\u{7F}")
        #expect(
            DiagnosticText.escaped("abc\u{202E}\u{2066}\u{200B}\u{FEFF}") == "abc\\u{202E}\\u{2066}\\u{200B}\\u{FEFF}")
    }

    @Test func longValuesAreShortenedInMessages() {
        let long = String(repeating: "x", count: 500)
        let text = storyboard(
            scene("a", "<connections><segue destination=\"\(long)\" kind=\"show\" id=\"s\"/></connections>"))
        let message = loadStoryboard(text).errors.first?.message ?? ""
        #expect(
            message
                == "segue \"s\" goes to \"\(String(repeating: "x", count: 80))…\", which is not a scene in this file")
    }
}
