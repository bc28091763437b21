import Testing

@testable import Flow

/// `storyboard merge`'s rules, each on a small triple: the merged file is compared whole with
/// the document that has both sides' changes, written with the same fixtures.
@Suite struct StoryboardMergeTests {
    typealias F = MergeFixtures

    static let title = F.label("Lbl-A1-001", text: "Welcome")
    static let note = F.label("Lbl-A1-002", text: "Sign in", frame: "x=\"20\" y=\"140\" width=\"200\" height=\"21\"")
    static func doc(_ subviews: String, toolsVersion: String = "21701", connections: String = "", constraints: String = "", second: String = "") -> String {
        F.storyboard(
            F.scene("A1-001", title: "Home", subviews: subviews, constraints: constraints, connections: connections) + (second.isEmpty ? "" : "\n" + second),
            toolsVersion: toolsVersion)
    }

    @Test func aSideEqualToTheBaseGivesTheOtherBackByteForByte() throws {
        let base = Self.doc(Self.title)
        // Bytes Xcode would never write, to show nothing is rewritten.
        let theirs = Self.doc(F.label("Lbl-A1-001", text: "Hello &amp; welcome")).replacingOccurrences("    <dependencies>", "    <dependencies  >")
        #expect(try F.merge(base: base, ours: base, theirs: theirs).text == theirs)
        #expect(try F.merge(base: base, ours: theirs, theirs: base).text == theirs)
    }

    @Test func changesToDifferentObjectsAreBothKeptAndTheRestKeepsItsBytes() throws {
        let base = Self.doc(Self.title + "\n" + Self.note)
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back") + "\n" + Self.note)
        let theirs = Self.doc(Self.title + "\n" + F.label("Lbl-A1-002", text: "Log in", frame: "x=\"20\" y=\"140\" width=\"200\" height=\"21\""))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(F.label("Lbl-A1-001", text: "Welcome back") + "\n" + F.label("Lbl-A1-002", text: "Log in", frame: "x=\"20\" y=\"140\" width=\"200\" height=\"21\"")))
    }

    @Test func aSideThatOnlyRewroteAttributeOrderOrEscapesChangedNothing() throws {
        let base = Self.doc(Self.title + "\n" + Self.note)
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back") + "\n" + Self.note)
        // The same values, written in another order and with a character reference.
        let theirs = base.replacingOccurrences("<label opaque=\"NO\" userInteractionEnabled=\"NO\"", "<label userInteractionEnabled=\"NO\" opaque=\"NO\"")
            .replacingOccurrences("text=\"Sign in\"", "text=\"Sign&#x20;in\"")
        #expect(theirs != base)
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == ours)
    }

    @Test func twoAttributesOfOneObjectMergeOneByOne() throws {
        let base = Self.doc(Self.title)
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back"))
        let theirs = Self.doc(F.label("Lbl-A1-001", text: "Welcome", attributes: " hidden=\"YES\""))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(F.label("Lbl-A1-001", text: "Welcome back", attributes: " hidden=\"YES\"")))
    }

    @Test func bothChangingOneValueIsAConflictThatKeepsOursWithACommentAndStillParses() throws {
        let base = Self.doc(Self.title)
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back"))
        let theirs = Self.doc(F.label("Lbl-A1-001", text: "Hello"))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.count == 1)
        let conflict = try #require(merged.conflicts.first)
        #expect(conflict.kind == .bothChanged)
        #expect(conflict.ours == "Welcome back" && conflict.theirs == "Hello" && conflict.base == "Welcome")
        #expect(conflict.scene == "\"HomeController\"")
        #expect(conflict.summary == #"scene "HomeController": label "Welcome back" (Lbl-A1-001): attribute text: ours "Welcome back", theirs "Hello", base "Welcome"; kept ours"#)
        let comment = "<!--storyboard merge conflict: attribute text of label \"Welcome back\" (Lbl-A1-001): ours \"Welcome back\", theirs \"Hello\", base \"Welcome\"; kept ours. Resolve with `storyboard mergetool` or by hand, then delete this comment.-->"
        let label = F.label("Lbl-A1-001", text: "Welcome back")
        let indent = String(label.prefix { $0 == " " })
        let expected = Self.doc(indent + comment + "\n" + label)
        #expect(merged.text == expected)
        // The line and column are the comment's.
        let lines = merged.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[conflict.line - 1].contains("storyboard merge conflict"))
        #expect(conflict.column == indent.count + 1)
        #expect(throws: Never.self) { try MergeSource(bytes: Array(merged.text.utf8), name: "merged") }
    }

    /// The title label with a custom text colour, its red and green `level`, its blue `blue`.
    static func coloredTitle(_ text: String, level: String, blue: String, attributes: String = "") -> String {
        F.label("Lbl-A1-001", text: text, attributes: attributes).replacingOccurrences(
            "<nil key=\"textColor\"/>",
            "<color key=\"textColor\" red=\"\(level)\" green=\"\(level)\" blue=\"\(blue)\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"/>")
    }

    /// Both sides pick one colour (60, 60, 67): one side's components came from 8 bits, the
    /// other's from a float. One value written two ways is no conflict: the newer save's
    /// spelling is kept, beside ours' new text.
    @Test func oneNumberWrittenTwoWaysByBothSidesIsNoConflict() throws {
        let base = Self.doc(Self.coloredTitle("Welcome", level: "0.66666666666666663", blue: "0.66666666666666663"))
        let ours = Self.doc(Self.coloredTitle("Welcome back", level: "0.23529411759999999", blue: "0.26274509800000001"))
        let theirs = Self.doc(Self.coloredTitle("Welcome", level: "0.23529411764705882", blue: "0.2627450980392157"), toolsVersion: "22155")
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(Self.coloredTitle("Welcome back", level: "0.23529411764705882", blue: "0.2627450980392157"), toolsVersion: "22155"))
    }

    /// Two colours, or two whole numbers however close (a tag), stay a conflict each.
    @Test func twoNumbersThatDifferStayAConflict() throws {
        let base = Self.doc(Self.coloredTitle("Welcome", level: "0.5", blue: "0.5", attributes: " tag=\"100000000\""))
        let ours = Self.doc(Self.coloredTitle("Welcome", level: "0.23529411759999999", blue: "0.5", attributes: " tag=\"100000001\""))
        let theirs = Self.doc(Self.coloredTitle("Welcome", level: "0.30000001192092896", blue: "0.5", attributes: " tag=\"100000002\""))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.map(\.what).sorted() == ["attribute green", "attribute red", "attribute tag"])
    }

    @Test func aChoiceTakesTheirsOrTheBase() throws {
        let base = Self.doc(Self.title)
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back"))
        let theirs = Self.doc(F.label("Lbl-A1-001", text: "Hello"))
        let key = try #require(try F.merge(base: base, ours: ours, theirs: theirs).conflicts.first?.key)
        let taken = try F.merge(base: base, ours: ours, theirs: theirs, choices: [key: .theirs])
        #expect(taken.text == theirs)
        #expect(try F.merge(base: base, ours: ours, theirs: theirs, choices: [key: .base]).text == base)
    }

    @Test func framesAndTheHeaderNeverConflictAndTheNewerXcodeWins() throws {
        let base = Self.doc(Self.title, toolsVersion: "14113")
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back", frame: "x=\"20\" y=\"100\" width=\"240\" height=\"21\""), toolsVersion: "14460")
        let theirs = Self.doc(F.label("Lbl-A1-001", text: "Welcome", frame: "x=\"16\" y=\"100\" width=\"210\" height=\"21\""), toolsVersion: "21701")
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(F.label("Lbl-A1-001", text: "Welcome back", frame: "x=\"16\" y=\"100\" width=\"210\" height=\"21\""), toolsVersion: "21701"))
    }

    @Test func theSegueXcodeInfersMetricsFromIsItsOwnChoiceAndNeverAConflict() throws {
        // Xcode names, after the scenes, the segue it took a scene's simulated size from, and
        // picks another one by itself when segues change: the newer save's choice stands.
        let second = F.scene("B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: "Detail"), canvas: "x=\"400\" y=\"0\"")
        let segues = (1...3).map { "                    <segue destination=\"Ctl-B2-002\" kind=\"show\" id=\"Seg-A1-00\($0)\"/>" }
        let buttons = (1...3).map { F.button("Btn-A1-00\($0)", title: "Open \($0)", segue: segues[$0 - 1]) }.joined(separator: "\n")
        func doc(_ title: String, breaker: Int, toolsVersion: String) -> String {
            Self.doc(F.label("Lbl-A1-001", text: title) + "\n" + buttons, toolsVersion: toolsVersion, second: second).replacingOccurrences(
                "    </scenes>\n",
                "    </scenes>\n    <inferredMetricsTieBreakers>\n        <segue reference=\"Seg-A1-00\(breaker)\"/>\n    </inferredMetricsTieBreakers>\n")
        }
        let base = doc("Welcome", breaker: 1, toolsVersion: "21701")
        let ours = doc("Welcome back", breaker: 2, toolsVersion: "21701")
        let theirs = doc("Welcome", breaker: 3, toolsVersion: "22155")
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == doc("Welcome back", breaker: 3, toolsVersion: "22155"))
    }

    @Test func insertionsStayBesideTheSiblingsTheyWereInsertedNextTo() throws {
        let third = F.label("Lbl-A1-003", text: "Forgot?", frame: "x=\"20\" y=\"180\" width=\"200\" height=\"21\"")
        let fourth = F.label("Lbl-A1-004", text: "Help", frame: "x=\"20\" y=\"220\" width=\"200\" height=\"21\"")
        let base = Self.doc(Self.title + "\n" + Self.note)
        let ours = Self.doc(Self.title + "\n" + third + "\n" + Self.note)
        let theirs = Self.doc(Self.title + "\n" + Self.note + "\n" + fourth)
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(Self.title + "\n" + third + "\n" + Self.note + "\n" + fourth))
    }

    /// Ours moves the note into a new stack view; theirs changes the note's text. The note is
    /// in the stack view, once, with theirs' text.
    @Test func anObjectMovedByOneSideAndChangedByTheOtherIsMovedWithTheChange() throws {
        func stack(_ inner: String) -> String {
            """
                                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-A1-001">
                                                <rect key="frame" x="20" y="140" width="200" height="21"/>
                                                <subviews>
            \(inner)
                                                </subviews>
                                            </stackView>
            """
        }
        let nested = { (text: String) in
            var output: [UInt8] = []
            MergeEngine.reindent(Array(F.label("Lbl-A1-002", text: text, frame: "x=\"0.0\" y=\"0.0\" width=\"200\" height=\"21\"").utf8), by: 8, into: &output)
            return "        " + String(decoding: output, as: UTF8.self)
        }
        let base = Self.doc(Self.title + "\n" + Self.note)
        let ours = Self.doc(Self.title + "\n" + stack(nested("Sign in")))
        let theirs = Self.doc(Self.title + "\n" + F.label("Lbl-A1-002", text: "Log in", frame: "x=\"20\" y=\"140\" width=\"200\" height=\"21\""))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(Self.title + "\n" + stack(nested("Log in"))))
        #expect(merged.text.components(separatedBy: "id=\"Lbl-A1-002\"").count == 2)
    }

    @Test func deletingWhatTheOtherSideChangedIsAConflictThatKeepsTheChangedObject() throws {
        let base = Self.doc(Self.title + "\n" + Self.note)
        let ours = Self.doc(Self.title)
        let changedNote = F.label("Lbl-A1-002", text: "Log in", frame: "x=\"20\" y=\"140\" width=\"200\" height=\"21\"")
        let theirs = Self.doc(Self.title + "\n" + changedNote)
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.kind == .deletedAndChanged)
        #expect(conflict.summary == #"scene "HomeController": label "Log in" (Lbl-A1-002): ours deleted it, theirs changed it; kept theirs's (delete it to take ours)"#)
        #expect(merged.text.contains("text=\"Log in\""))
        // A deletion against a change of frames only is no conflict: the object goes.
        let moved = Self.doc(Self.title + "\n" + F.label("Lbl-A1-002", text: "Sign in", frame: "x=\"24\" y=\"150\" width=\"200\" height=\"21\""))
        let clean = try F.merge(base: base, ours: ours, theirs: moved)
        #expect(clean.conflicts.isEmpty)
        #expect(clean.text == ours)
    }

    @Test func aSceneDeletedAgainstAChangeIsDrawnByItsController() throws {
        // The scene has no id of its own: the merge tool draws the scene the conflict's
        // comment stands before, by its controller.
        let detail = { (text: String) in F.scene("B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: text), canvas: "x=\"400\" y=\"0\"") }
        let base = Self.doc(Self.title, second: detail("Detail"))
        let ours = Self.doc(Self.title)
        let theirs = Self.doc(Self.title, second: detail("Details"))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.kind == .deletedAndChanged)
        #expect(conflict.objectID == nil)
        #expect(conflict.sceneID == "Ctl-B2-002")
        #expect(merged.text.contains("text=\"Details\""))
    }

    /// A second scene as Xcode wrote it before safe areas (top and bottom layout guides, a
    /// label held to the top guide and to the view's trailing edge), or after Xcode moved it
    /// to its view's safe area.
    static func guidedScene(movedToSafeArea: Bool, text: String = "Detail") -> String {
        let scene = F.scene(
            "B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: text),
            constraints: movedToSafeArea
                ? """
                <constraint firstItem="Lbl-B2-001" firstAttribute="top" secondItem="Saf-B2-001" secondAttribute="top" constant="20" id="Cst-B2-001"/>
                                            <constraint firstItem="Saf-B2-001" firstAttribute="trailing" secondItem="Lbl-B2-001" secondAttribute="trailing" constant="20" id="Cst-B2-002"/>
                """
                : """
                <constraint firstItem="Lbl-B2-001" firstAttribute="top" secondItem="Top-B2-001" secondAttribute="bottom" constant="20" id="Cst-B2-001"/>
                                            <constraint firstAttribute="trailing" secondItem="Lbl-B2-001" secondAttribute="trailing" constant="20" id="Cst-B2-002"/>
                """,
            canvas: "x=\"400\" y=\"0\"")
        if movedToSafeArea {
            return scene.replacingOccurrences("</constraints>\n", "</constraints>\n                    <viewLayoutGuide key=\"safeArea\" id=\"Saf-B2-001\"/>\n")
        }
        return scene.replacingOccurrences(
            "customModule=\"App\" sceneMemberID=\"viewController\">\n",
            "customModule=\"App\" sceneMemberID=\"viewController\">\n                        <layoutGuides>\n"
                + "                            <viewControllerLayoutGuide type=\"top\" id=\"Top-B2-001\"/>\n"
                + "                            <viewControllerLayoutGuide type=\"bottom\" id=\"Bot-B2-001\"/>\n                        </layoutGuides>\n")
    }

    @Test func xcodesMoveToSafeAreasIsNoChangeAgainstADeletion() throws {
        let base = Self.doc(Self.title, second: Self.guidedScene(movedToSafeArea: false))
        #expect(base.contains("<layoutGuides>") && base.contains("secondItem=\"Top-B2-001\""))
        let moved = Self.doc(Self.title, second: Self.guidedScene(movedToSafeArea: true))
        #expect(moved.contains("<viewLayoutGuide key=\"safeArea\"") && !moved.contains("<layoutGuides>"))
        // One side deleted the scene, the other only had Xcode move it: the scene goes.
        let deleted = Self.doc(Self.title)
        let merged = try F.merge(base: base, ours: deleted, theirs: moved)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == deleted)
        // One side deleted a constraint the move retargeted: the constraint goes.
        let withoutConstraint = base.replacingOccurrences(
            "\n                            <constraint firstAttribute=\"trailing\" secondItem=\"Lbl-B2-001\" secondAttribute=\"trailing\" constant=\"20\" id=\"Cst-B2-002\"/>", "")
        let constraintGone = try F.merge(base: base, ours: withoutConstraint, theirs: moved)
        #expect(constraintGone.conflicts.isEmpty)
        #expect(!constraintGone.text.contains("Cst-B2-002") && constraintGone.text.contains("viewLayoutGuide"))
        // A change made beside the move is still a change.
        let movedAndChanged = Self.doc(Self.title, second: Self.guidedScene(movedToSafeArea: true, text: "Details"))
        let conflicted = try F.merge(base: base, ours: deleted, theirs: movedAndChanged)
        #expect(conflicted.conflicts.map(\.kind) == [.deletedAndChanged])
    }

    @Test func bothAddingASegueWithOneIdentifierFromOneSceneIsAConflict() throws {
        let second = F.scene("B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: "Detail"), canvas: "x=\"400\" y=\"0\"")
        let third = F.scene("C3-003", title: "Other", subviews: F.label("Lbl-C3-001", text: "Other"), canvas: "x=\"800\" y=\"0\"")
        let base = Self.doc(Self.title + "\n" + F.button("Btn-A1-001", title: "Open") + "\n" + F.button("Btn-A1-002", title: "More"), second: second + "\n" + third)
        let ours = Self.doc(
            Self.title + "\n" + F.button("Btn-A1-001", title: "Open", segue: "                    <segue destination=\"Ctl-B2-002\" kind=\"show\" identifier=\"next\" id=\"Seg-A1-001\"/>")
                + "\n" + F.button("Btn-A1-002", title: "More"), second: second + "\n" + third)
        let theirs = Self.doc(
            Self.title + "\n" + F.button("Btn-A1-001", title: "Open") + "\n"
                + F.button("Btn-A1-002", title: "More", segue: "                    <segue destination=\"Ctl-C3-003\" kind=\"show\" identifier=\"next\" id=\"Seg-A1-002\"/>"),
            second: second + "\n" + third)
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.kind == .clash)
        #expect(conflict.what == "segue identifier")
        #expect(conflict.objectID == "Seg-A1-002")
        #expect(merged.text.contains("id=\"Seg-A1-001\"") && merged.text.contains("id=\"Seg-A1-002\""))
    }

    @Test func bothAddingOneStoryboardIdentifierOrOneOutletIsAConflict() throws {
        let second = F.scene("B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: "Detail"), canvas: "x=\"400\" y=\"0\"")
        let base = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title) + "\n" + second)
        let ours = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title, controllerAttributes: " storyboardIdentifier=\"Main\"") + "\n" + second)
        let theirs = base.replacingOccurrences("id=\"Ctl-B2-002\"", "storyboardIdentifier=\"Main\" id=\"Ctl-B2-002\"")
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.map(\.what) == ["storyboard identifier"])

        let oursOutlet = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title + "\n" + Self.note, connections: "                        <outlet property=\"titleLabel\" destination=\"Lbl-A1-001\" id=\"Out-A1-001\"/>"))
        let theirsOutlet = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title + "\n" + Self.note, connections: "                        <outlet property=\"titleLabel\" destination=\"Lbl-A1-002\" id=\"Out-A1-002\"/>"))
        let outletBase = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title + "\n" + Self.note))
        let outlets = try F.merge(base: outletBase, ours: oursOutlet, theirs: theirsOutlet)
        #expect(outlets.conflicts.map(\.what) == ["outlet property"])
    }

    /// The same outlet added on both branches (one property, one destination, ids of their
    /// own) is one outlet: ours', without a conflict.
    @Test func bothAddingTheSameOutletAddsItOnce() throws {
        let base = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title + "\n" + Self.note))
        let outlet = { (id: String) in "                        <outlet property=\"titleLabel\" destination=\"Lbl-A1-001\" id=\"\(id)\"/>" }
        let ours = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title + "\n" + Self.note, connections: outlet("Out-A1-001")))
        let theirs = F.storyboard(F.scene("A1-001", title: "Home", subviews: Self.title + "\n" + Self.note, connections: outlet("Out-A1-002")))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == ours)
    }

    /// Theirs adds a constraint on the note; ours deleted the note. The constraint is left out
    /// (ours' world), with a comment in its place: never a reference to nothing.
    @Test func aReferenceToWhatTheOtherSideDeletedIsAConflictNeverADanglingId() throws {
        let constraint = "                            <constraint firstItem=\"Lbl-A1-002\" firstAttribute=\"leading\" secondItem=\"Vew-A1-001\" secondAttribute=\"leading\" constant=\"20\" id=\"Cst-A1-001\"/>"
        let base = Self.doc(Self.title + "\n" + Self.note)
        let ours = Self.doc(Self.title)
        let theirs = Self.doc(Self.title + "\n" + Self.note, constraints: constraint)
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.map(\.kind) == [.missingReference])
        #expect(!merged.text.contains("firstItem=\"Lbl-A1-002\""))
        let source = try MergeSource(bytes: Array(merged.text.utf8), name: "merged")
        #expect(source.byID["Lbl-A1-002"] == nil)
        // The other way round: ours' reference keeps the object theirs deleted.
        let reversed = try F.merge(base: base, ours: theirs, theirs: ours)
        #expect(reversed.conflicts.map(\.kind) == [.missingReference])
        #expect(reversed.text.contains("id=\"Lbl-A1-002\"") && reversed.text.contains("id=\"Cst-A1-001\""))
    }

    @Test func whereGitMergesCleanlyTheResultIsTheSameDocument() throws {
        // Changes far apart in the file: git's text merge is clean.
        let second = F.scene("B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: "Detail"), canvas: "x=\"400\" y=\"0\"")
        let base = Self.doc(Self.title, second: second)
        let ours = Self.doc(F.label("Lbl-A1-001", text: "Welcome back"), second: second)
        let theirs = Self.doc(Self.title, second: second.replacingOccurrences("text=\"Detail\"", "text=\"Details\""))
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.doc(F.label("Lbl-A1-001", text: "Welcome back"), second: second.replacingOccurrences("text=\"Detail\"", "text=\"Details\"")))
    }

    @Test func damagedInputIsAnErrorNamingTheFileLineAndColumn() throws {
        let base = Self.doc(Self.title)
        let cut = String(base.prefix(700))
        #expect(throws: MergeInputError.self) { try F.merge(base: base, ours: cut, theirs: base) }
        do {
            _ = try F.merge(base: base, ours: base, theirs: "<document>\n<<<<<<< HEAD\n</document>\n")
            Issue.record("a file with conflict markers merged")
        } catch let error as MergeInputError {
            #expect(error.description == "theirs.storyboard:2:1: error: a conflict marker (<<<<<<<): the file is in the middle of a text merge")
        }
        do {
            _ = try MergeSource(bytes: [0xFF, 0xFE, 0x3C, 0x00], name: "wide.storyboard")
            Issue.record("UTF-16 read")
        } catch {
            #expect(error.description == "wide.storyboard:1:1: error: the file is UTF-16: save it as UTF-8 (as Xcode does)")
        }
        let deep = String(repeating: "<a>", count: 100_000)
        #expect(throws: MergeInputError.self) { try MergeSource(bytes: Array(deep.utf8), name: "deep") }
    }

    /// The scanner compares an end tag's name and a start tag's attribute names as bytes:
    /// a name that only starts like another is another.
    @Test func anEndTagClosingAnotherElementOrAnAttributeGivenTwiceIsAnErrorAtItsPlace() throws {
        let cases: [(String, String)] = [
            ("<document>\n  <views></view>\n</document>\n", "f.xib:2:10: error: </view> where <views> of line 2 should close (a conflict marker or a bad edit?)"),
            ("<document>\n  <view></views>\n</document>\n", "f.xib:2:9: error: </views> where <view> of line 2 should close (a conflict marker or a bad edit?)"),
            ("<document>\n  <view id=\"a\" key=\"k\" id=\"b\"/>\n</document>\n", "f.xib:2:24: error: <view> has attribute id twice"),
        ]
        for (text, message) in cases {
            do {
                _ = try MergeSource(bytes: Array(text.utf8), name: "f.xib")
                Issue.record("read: \(text)")
            } catch {
                #expect(error.description == message)
            }
        }
        // `id` and `key` are found among the others, and a longer name starting alike is neither.
        let source = try MergeSource(
            bytes: Array("<document>\n  <view identifier=\"x\" keyPath=\"p\" key=\"k\" id=\"v1\"><a></a></view>\n</document>\n".utf8), name: "f.xib")
        let view = try #require(source.byID["v1"])
        #expect(view.name == "view" && view.key == "k" && view.children.map(\.name) == ["a"])
        #expect(source.root.id == nil && source.byID.count == 1 && source.repeatedIDs.isEmpty)
        // An id given twice: the first element keeps it, and the id is noted as repeated.
        let twice = try MergeSource(bytes: Array("<document>\n  <a id=\"x\"/>\n  <b id=\"y\"/>\n  <c id=\"x\"/>\n</document>\n".utf8), name: "f.xib")
        #expect(twice.byID.mapValues(\.name) == ["x": "a", "y": "b"] && twice.repeatedIDs == ["x"])
    }

    /// Names in a conflict's line come from the file: an element named with an escape
    /// character is written with the character escaped, in the line and in the comment.
    @Test func aConflictsLineNeverCarriesRawControlCharacters() throws {
        let base = "<document>\n    <se\u{1B}gue id=\"s1\" identifier=\"a\"/>\n</document>\n"
        let ours = base.replacingOccurrences("identifier=\"a\"", "identifier=\"b\u{1B}\"")
        let theirs = base.replacingOccurrences("identifier=\"a\"", "identifier=\"c\"")
        let merged = try F.merge(base: base, ours: ours, theirs: theirs)
        let conflict = try #require(merged.conflicts.first)
        #expect(conflict.summary == #"se\u{1B}gue "b\u{1B}" (s1): attribute identifier: ours "b\u{1B}", theirs "c", base "a"; kept ours"#)
        #expect(!merged.text.split(separator: "\n")[1].unicodeScalars.contains { DiagnosticText.needsEscape($0) })
    }

    @Test func theOrderOfAMergedListFollowsTheSideThatReorderedIt() {
        // An insertion follows the sibling it follows on its side, wherever the other side moved that one.
        #expect(MergeEngine.mergedOrder(base: ["a", "b", "c"], ours: ["a", "b", "c", "d"], theirs: ["c", "a", "b"]) == ["c", "d", "a", "b"])
        #expect(MergeEngine.mergedOrder(base: ["a", "b"], ours: ["x", "a", "b"], theirs: ["a", "y", "b"]) == ["x", "a", "y", "b"])
        #expect(MergeEngine.mergedOrder(base: ["a", "b"], ours: ["b", "a"], theirs: ["a", "b", "z"]) == ["b", "z", "a"])
        #expect(MergeEngine.mergedOrder(base: [], ours: ["p"], theirs: ["q"]) == ["p", "q"])
    }
}
