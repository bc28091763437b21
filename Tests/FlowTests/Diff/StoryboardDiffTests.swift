import Foundation
import Testing

@testable import Flow

/// What the diff reports and what it never does, on small files of the shapes real changes
/// have: an Xcode re-save, renumbered ids, reordered tabs, a new initial scene.
@Suite struct StoryboardDiffTests {
    /// A storyboard of `scenes`, each `(id, body)`, with `initial` as its entry point.
    static func document(initial: String? = "a", autolayout: Bool = true, _ scenes: [(String, String)]) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505"\(autolayout ? " useAutolayout=\"YES\"" : "")\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
                <scenes>

            """
        for (id, body) in scenes {
            text += "<scene sceneID=\"s-\(id)\"><objects>\(body)</objects></scene>\n"
        }
        text += "</scenes></document>\n"
        return Data(text.utf8)
    }

    static func changes(_ old: Data, _ new: Data, options: StoryboardDiff.Options = .init()) throws -> [StoryboardChange] {
        try StoryboardDiff.changes(old: old, oldName: "old.storyboard", new: new, newName: "new.storyboard", storyboard: "Main.storyboard", options: options)
    }

    @Test func anXcodeResaveIsNoChange() throws {
        let (old, new) = try DiffFixtures.versions("XcodeUpgrade")
        #expect(StoryboardDiff.changes(from: old, to: new, storyboard: "Main.storyboard").isEmpty)
        #expect(StoryboardDiff.text([]) == "")
    }

    @Test func idsXcodeRenumberedOnUnchangedObjectsAreNoChange() throws {
        #expect(try DiffFixtures.changes("Renumbered").isEmpty)
        // The same renumbering with a text changed is that text's change, on the new id.
        let old = try DiffFixtures.data("Renumbered.old")
        let new = String(decoding: try DiffFixtures.data("Renumbered.new"), as: UTF8.self)
            .replacingOccurrences(of: "text=\"#808080\"", with: "text=\"grey\"")
        let found = try Self.changes(old, Data(new.utf8))
        // Content no longer pairs the label: it is removed and added, and the outlet to it
        // (renumbered too) now points at the new label.
        #expect(
            found.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.id ?? "")" } == [
                "view added Zq9-x2-Lb4", "connection added Kp3-7d-Ou5", "view removed CBd-Lb-104", "connection removed CBd-Ou-005",
            ])
    }

    @Test func anInsertedCellIsAddedNotARenamedOne() throws {
        let cell = { (id: String, text: String) in
            "<tableViewCell id=\"\(id)\"><tableViewCellContentView key=\"contentView\" id=\"\(id)-c\"><subviews><label text=\"\(text)\" id=\"\(id)-l\"/></subviews></tableViewCellContentView></tableViewCell>"
        }
        let table = { (cells: String) in
            "<tableViewController id=\"a\" sceneMemberID=\"viewController\"><tableView key=\"view\" dataMode=\"static\" id=\"t\"><sections><tableViewSection id=\"sec\"><cells>\(cells)</cells></tableViewSection></sections></tableView></tableViewController>"
        }
        let old = Self.document([("a", table(cell("c1", "One")))])
        let new = Self.document([("a", table(cell("c0", "Zero") + cell("c1", "One")))])
        let found = try Self.changes(old, new)
        #expect(found.count == 1)
        #expect(found.first?.kind == .view && found.first?.change == .added && found.first?.id == "c0" && found.first?.count == 2)
        #expect(StoryboardDiff.text(found) == "Main.storyboard\n  scene TableViewController [a]\n    + tableViewCell [c0] in tableViewSection [sec] (and 2 inside)\n")
    }

    @Test func theInitialSceneMovingAndAScenesAddedAreReported() throws {
        let a = ("a", "<viewController title=\"Home\" id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"av\"/></viewController>")
        let b = ("b", "<splitViewController id=\"b\" sceneMemberID=\"viewController\"><connections><segue destination=\"a\" kind=\"relationship\" relationship=\"masterViewController\" id=\"r\"/></connections></splitViewController>")
        let found = try Self.changes(Self.document(initial: "a", [a]), Self.document(initial: "b", [a, b]))
        #expect(found.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.id ?? $0.new ?? "")" } == ["initial changed b", "scene added b"])
        #expect(StoryboardDiff.text(found) == """
            Main.storyboard
              ~ initial scene: ViewController "Home" [a] → SplitViewController [b]
              + scene SplitViewController [b] (1 object)
                + segue relationship masterViewController [r] → ViewController "Home" [a]

            """)
    }

    @Test func tabsReorderedAreATabOrderChange() throws {
        let tab = { (order: [String]) in
            ("t", "<tabBarController id=\"t\" sceneMemberID=\"viewController\"><connections>"
                + order.map { "<segue destination=\"\($0)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"r\($0)\"/>" }.joined()
                + "</connections></tabBarController>")
        }
        let scenes = ["x", "y", "z"].map { ($0, "<viewController title=\"\($0.uppercased())\" id=\"\($0)\" sceneMemberID=\"viewController\"/>") }
        let found = try Self.changes(Self.document(initial: "t", [tab(["x", "y", "z"])] + scenes), Self.document(initial: "t", [tab(["z", "x", "y"])] + scenes))
        #expect(found.count == 1)
        #expect(found.first?.oldName == "ViewController \"X\", ViewController \"Y\", ViewController \"Z\"")
        #expect(found.first?.newName == "ViewController \"Z\", ViewController \"X\", ViewController \"Y\"")
    }

    @Test func aMovedTabIsNamedByItsTitle() throws {
        let tab = { (order: [String]) in
            ("t", "<tabBarController id=\"t\" sceneMemberID=\"viewController\"><connections>"
                + order.map { "<segue destination=\"\($0)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"r\($0)\"/>" }.joined()
                + "</connections></tabBarController>")
        }
        // Navigation controllers, known by their tab bar items' titles alone.
        let scenes = ["x": "Inbox", "y": "Sent"].sorted { $0.key < $1.key }.map { id, title in
            (id, "<navigationController id=\"\(id)\" sceneMemberID=\"viewController\"><tabBarItem key=\"tabBarItem\" title=\"\(title)\" id=\"i\(id)\"/></navigationController>")
        }
        let found = try Self.changes(Self.document(initial: "t", [tab(["x", "y"])] + scenes), Self.document(initial: "t", [tab(["y", "x"])] + scenes))
        #expect(StoryboardDiff.text(found).contains(#"> tab order: "Inbox", "Sent" → "Sent", "Inbox""#), "\(StoryboardDiff.text(found))")
    }

    /// An added scene lists the segues it brings, relationships included; a removed one the
    /// segues it takes away; in text, Markdown and JSON.
    @Test func aSceneAddedOrRemovedListsItsSegues() throws {
        let home = ("h", "<viewController title=\"Home\" id=\"h\" sceneMemberID=\"viewController\"/>")
        let split = ("s", """
            <splitViewController id="s" sceneMemberID="viewController"><connections>\
            <segue destination="h" kind="relationship" relationship="detailViewController" id="rd"/>\
            </connections></splitViewController>
            """)
        let login = ("a", """
            <viewController title="Login" id="a" sceneMemberID="viewController"><view key="view" id="v"><subviews>\
            <button buttonType="system" id="b"><state key="normal" title="Go"/><connections>\
            <segue destination="h" kind="show" identifier="toHome" id="g"/></connections></button></subviews></view></viewController>
            """)
        let old = Self.document(initial: "h", [home])
        let new = Self.document(initial: "h", [home, login, split])
        let added = try Self.changes(old, new)
        #expect(
            StoryboardDiff.text(added) == """
                Main.storyboard
                  + scene ViewController "Login" [a] (3 objects)
                    + segue show "toHome" [g] → ViewController "Home" [h]
                  + scene SplitViewController [s] (1 object)
                    + segue relationship detailViewController [rd] → ViewController "Home" [h]

                """, "\(StoryboardDiff.text(added))")
        let json = StoryboardDiff.json(old: "o", new: "n", changes: added)
        #expect(
            json.contains(
                #""line": 5, "segues": [{"id": "g", "kind": "show", "identifier": "toHome", "destination": "h", "destinationName": "ViewController \"Home\"", "line": 5}]}"#),
            "\(json)")
        #expect(json.contains(#""segues": [{"id": "rd", "kind": "relationship", "relationship": "detailViewController", "destination": "h""#), "\(json)")
        let markdown = StoryboardDiff.markdown(added)
        #expect(markdown.contains("- ➕ scene ViewController \"Login\" \\[a\\] \\(3 objects\\)\n  - ➕ segue show \"toHome\" \\[g\\]"), "\(markdown)")
        let removed = try Self.changes(new, old)
        #expect(
            StoryboardDiff.text(removed).contains("""
                  - scene ViewController "Login" [a] (3 objects)
                    - segue show "toHome" [g] → ViewController "Home" [h]
                """), "\(StoryboardDiff.text(removed))")
    }

    @Test func aFontChangeIsAPropertyChange() throws {
        let scene = { (font: String) in
            ("a", "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\"><subviews><label text=\"Hi\" id=\"l\">\(font)</label></subviews></view></viewController>")
        }
        let system = #"<fontDescription key="fontDescription" type="system" pointSize="17"/>"#
        let bold = #"<fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>"#
        let named = #"<fontDescription key="fontDescription" name="Avenir-Heavy" family="Avenir" pointSize="20"/>"#
        let styled = #"<fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>"#
        #expect(try Self.changes(Self.document([scene(system)]), Self.document([scene(system)])).isEmpty)
        let lines = try [(system, bold), (bold, named), (named, styled)].map { before, after in
            try Self.changes(Self.document([scene(before)]), Self.document([scene(after)])).map(StoryboardDiff.line)
        }
        #expect(
            lines == [
                [#"~ label "Hi" [l] fontDescription: system 17 → boldSystem 20"#],
                [#"~ label "Hi" [l] fontDescription: boldSystem 20 → Avenir-Heavy 20"#],
                [#"~ label "Hi" [l] fontDescription: Avenir-Heavy 20 → text style headline"#],
            ])
    }

    @Test func framesAreCountedWithoutAutoLayoutAndListedWithLayout() throws {
        let scene = { (x: String) in
            ("a", "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"320\" height=\"480\"/><subviews><label text=\"L\" id=\"l\"><rect key=\"frame\" x=\"\(x)\" y=\"0\" width=\"10\" height=\"10\"/></label></subviews></view></viewController>")
        }
        let springs = try Self.changes(Self.document(autolayout: false, [scene("1")]), Self.document(autolayout: false, [scene("2")]))
        #expect(springs.map(\.kind) == [.layout] && springs.first?.count == 1)
        #expect(StoryboardDiff.text(springs).contains("> layout: 1 frame moved"))
        // With Auto Layout, frames are Interface Builder's drawing: nothing, unless asked.
        #expect(try Self.changes(Self.document([scene("1")]), Self.document([scene("2")])).isEmpty)
        let listed = try Self.changes(Self.document([scene("1")]), Self.document([scene("2")]), options: .init(layout: true))
        #expect(listed.map { "\($0.id ?? "") \($0.old ?? "") → \($0.new ?? "")" } == ["l 1 0 10 10 → 2 0 10 10"])
    }

    @Test func aFrameWithAnEmptyAutoresizingMaskNamesTheMaskWithLayout() throws {
        // Xcode writes `<autoresizingMask key="autoresizingMask"/>` for every cell and for views
        // that neither stretch nor move with their superview: a mask with no flags.
        let found = try DiffFixtures.changes("FixedSizeCells", options: .init(layout: true))
        #expect(
            StoryboardDiff.text(found) == """
                FixedSizeCells.storyboard
                  scene TableViewController "Settings" [Set-tv-c01]
                    > tableViewCell [Set-ce-001] frame: 0.0 55.5 375 44 mask none → 0.0 99.5 375 44 mask none
                    > label "Profile" [Set-lb-001] frame: 16 0.0 343 44 mask flexibleMaxX,flexibleMaxY → 16 0.0 343 44 mask none

                """)
        // No form shows a value with nothing in it.
        let json = StoryboardDiff.json(old: "old", new: "new", changes: found)
        #expect(!json.contains(": \"\"") && !json.contains("mask \""), "\(json)")
        #expect(!StoryboardDiff.markdown(found).contains("mask  "))
    }

    @Test func aViewMovedToAnotherSuperviewIsAMove() throws {
        let scene = { (inner: Bool) in
            let label = "<label text=\"Hi\" id=\"l\"/>"
            return ("a", "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\"><subviews>"
                + (inner ? "<stackView id=\"s\"><subviews>\(label)</subviews></stackView>" : "<stackView id=\"s\"/>\(label)")
                + "</subviews></view></viewController>")
        }
        let found = try Self.changes(Self.document([scene(false)]), Self.document([scene(true)]))
        #expect(found.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.old ?? "") → \($0.new ?? "")" } == ["view moved view [v] → stackView [s]"])
    }

    @Test func textFromTheFileIsEscapedInEveryForm() throws {
        let scene = { (title: String) in ("a", "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\"><subviews><label text=\"\(title)\" id=\"l\"/></subviews></view></viewController>") }
        // A right-to-left override and a line break: both would change what a terminal shows.
        let found = try Self.changes(Self.document([scene("Log in")]), Self.document([scene("\u{202E}&quot;Sign&#10;in")]))
        let text = StoryboardDiff.text(found)
        #expect(text.contains(#"text: "Log in" → "\u{202E}\"Sign\nin""#), "\(text)")
        #expect(!text.contains("\u{202E}") && text.split(separator: "\n").count == 3)
        let json = StoryboardDiff.json(old: "o", new: "n", changes: found)
        #expect(json.contains(#""new": "\u202e\"Sign\nin""#), "\(json)")
        let markdown = StoryboardDiff.markdown(found)
        #expect(!markdown.contains("\u{202E}") && markdown.contains(#"\\u\{202E\}"#), "\(markdown)")
    }

    @Test func aFileThatDoesNotLoadNamesFileLineAndColumn() throws {
        let good = Self.document([("a", "<viewController id=\"a\" sceneMemberID=\"viewController\"/>")])
        #expect(throws: StoryboardLoadError.self) {
            _ = try Self.changes(good, Data("<document><scenes>\n<scene></document>".utf8))
        }
        do {
            _ = try Self.changes(good, Data("<document><scenes>\n<scene></document>".utf8))
        } catch let error as StoryboardLoadError {
            #expect(error.errors.first?.description.hasPrefix("new.storyboard:2:") == true, "\(error)")
        }
    }

    @Test func markdownHasAHeadingPerStoryboardAndScene() throws {
        let markdown = StoryboardDiff.markdown(try DiffFixtures.changes("Colorboard"))
        #expect(markdown == #"""
            ### Colorboard.storyboard

            #### BNRColorViewController "Color" `CBd-Ed-001`

            - ✏️ textField "color name" \[CBd-Tf-001\] placeholder: "Color name" → "Colour name"
            - ✏️ textField "color name" \[CBd-Tf-001\] hidden: \(none\) → YES
            - ✏️ label "Rouge" \[CBd-Lb-101\] text: "Red" → "Rouge"

            """#)
        #expect(StoryboardDiff.markdown([]) == "No storyboard changes.\n")
    }

    @Test func theOutlineIsTheSameForAnXcodeResaveAndShowsAnEdit() throws {
        let (old, new) = try DiffFixtures.versions("XcodeUpgrade")
        #expect(StoryboardOutline.outline(of: old) == StoryboardOutline.outline(of: new))
        let (before, after) = try DiffFixtures.versions("SegueTour")
        let oldLines = Set(StoryboardOutline.outline(of: before).split(separator: "\n"))
        let newLines = Set(StoryboardOutline.outline(of: after).split(separator: "\n"))
        #expect(newLines.subtracting(oldLines).sorted() == [
            #"    button "Sign up" [Tur-Bt-201] title="Sign up" buttonType=system"#,
            #"      segue presentation "CreateAccount" [Tur-Sg-201] → NavigationController "Name" [Tur-An-001] modalPresentationStyle=pageSheet"#,
        ].sorted())
        #expect(oldLines.subtracting(newLines).sorted() == [
            #"    button "Create Account" [Tur-Bt-201] title="Create Account" buttonType=system"#,
            #"      segue presentation "CreateAccount" [Tur-Sg-201] → NavigationController "Name" [Tur-An-001] modalPresentationStyle=formSheet"#,
            #"  outlet statusLabel [Tur-Ou-201] → label "No account yet." [Tur-Lb-202]"#,
        ].sorted())
    }
}

/// The one-line count a live reload puts on the status line.
@Suite struct StoryboardDiffSummaryTests {
    @Test func changesAreCountedByKindInTheDiffsOrder() throws {
        let scene = { (title: String, label: String, segue: String) in
            "<viewController title=\"\(title)\" id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\"><subviews><label text=\"\(label)\" id=\"l\"/><button id=\"b\"><state key=\"normal\" title=\"Go\"/><connections>\(segue)</connections></button></subviews></view></viewController>"
        }
        let other = "<viewController id=\"b2\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v2\"/></viewController>"
        let old = StoryboardDiffTests.document([("a", scene("One", "Hello", "")), ("b2", other)])
        let new = StoryboardDiffTests.document([
            ("a", scene("Two", "Goodbye", "<segue destination=\"b2\" kind=\"show\" id=\"g\"/>")), ("b2", other),
        ])
        let changes = try StoryboardDiffTests.changes(old, new)
        #expect(StoryboardDiff.summary(changes) == "1 segue, 2 texts", "\(StoryboardDiff.text(changes))")
        #expect(StoryboardDiff.summary([]) == "")
    }

    @Test func nounsTakeTheirPluralsAndFramesCountEachFrame() {
        let change = { (kind: StoryboardChange.Kind, count: Int?) in
            StoryboardChange(kind: kind, change: .changed, storyboard: "Main.storyboard", count: count)
        }
        #expect(StoryboardDiff.summary([change(.property, nil), change(.property, nil), change(.layout, 3), change(.initial, nil)])
            == "2 properties, 1 initial scene, 3 frames")
    }
}
