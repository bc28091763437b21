import Flow
import Foundation
import Testing
import TUI

/// `storyboard mergetool`'s screen: the conflicts listed, a conflict's scene as ours and as
/// theirs side by side, choosing, and writing only once every conflict is chosen.
@Suite struct MergeScreenTests {
    static func storyboard(title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" useAutolayout="YES" initialViewController="c1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController title="Login" id="c1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <subviews>
                                    <label text="\(title)" id="l1"/>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }

    static func screen() throws -> (MergeScreen, [MergeConflict]) {
        let (base, ours, theirs) = (storyboard(title: "Welcome"), storyboard(title: "Welcome back"), storyboard(title: "Hello"))
        let result = try StoryboardMerge.merge(
            base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), names: ("base", "ours", "theirs"))
        let oursVersion = try StoryboardDiff.Version(data: Data(ours.utf8), fileName: "ours")
        let theirsVersion = try StoryboardDiff.Version(data: Data(theirs.utf8), fileName: "theirs")
        return (MergeScreen(fileName: "Main.storyboard", conflicts: result.conflicts, ours: oursVersion, theirs: theirsVersion), result.conflicts)
    }

    @Test func theListTheTwoSidesAndAChoice() throws {
        let (screen, conflicts) = try Self.screen()
        #expect(conflicts.count == 1)
        assertScreen(
            screen.render(size: Size(width: 72, height: 8)).lines,
            equals: [
                " Conflicts in Main.storyboard: 1, 1 open                                ",
                "                                                                        ",
                " open   9:29  \"Login\": label \"Welcome back\" (l1): attribute text: ours  ",
                "                                                                        ",
                "                                                                        ",
                "                                                                        ",
                "                                                                        ",
                " ↑↓ conflict  Enter ours|theirs  o ours  t theirs  b base  q quit       ",
            ])
        #expect(screen.handle(.char("w")) == nil, "nothing is written while a conflict is open")
        #expect(screen.handle(.enter) == nil)
        let sides = screen.render(size: Size(width: 72, height: 8)).lines
        assertScreen(
            sides,
            equals: [
                " open   \"Login\": label \"Welcome back\" (l1): attribute text: ours \"Welco ",
                " Ours (o)                          │ Theirs (t)                         ",
                "               Login               │               Login                ",
                "───────────────────────────────────│────────────────────────────────────",
                "  Welcome back                     │  Hello                             ",
                "                                   │                                    ",
                " 1 conflict still to choose                                             ",
                " ↑↓ conflict  o ours  t theirs  b base  Esc list  q quit                ",
            ])
        #expect(screen.handle(.char("t")) == nil)
        #expect(screen.choices == [conflicts[0].key: .theirs])
        #expect(screen.isComplete)
        #expect(screen.render(size: Size(width: 72, height: 8)).lines[6] == " every conflict chosen: w writes the merged file                        ")
        #expect(screen.handle(.char("w")) == .write)
    }

    @Test func anObjectNoSceneHoldsIsShownAsEachSidesLinesOfTheFile() throws {
        // A xib has no scenes: each side shows the lines where the object is, wrapped
        // between attributes, numbered as in its file.
        func xib(_ constant: String, extraLine: Bool = false) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="v1">\(extraLine ? "\n            <!--a note-->" : "")
                        <constraints>
                            <constraint firstAttribute=\"height\" constant="\(constant)" id="c1"/>
                        </constraints>
                    </view>
                </objects>
            </document>

            """
        }
        let (base, ours, theirs) = (xib("12"), xib("13"), xib("14", extraLine: true))
        let result = try StoryboardMerge.merge(
            base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), names: ("base", "ours", "theirs"))
        #expect(result.conflicts.count == 1)
        #expect(result.conflicts.first?.sceneID == nil)
        let screen = MergeScreen(
            fileName: "Cell.xib", conflicts: result.conflicts, ours: nil, theirs: nil, oursBytes: Array(ours.utf8), theirsBytes: Array(theirs.utf8))
        #expect(screen.handle(.enter) == nil)
        assertScreen(
            screen.render(size: Size(width: 72, height: 9)).lines,
            equals: [
                " open   constraint (c1): attribute constant: ours \"13\"  theirs \"14\"  ba ",
                " Ours (o)                          │ Theirs (t)                         ",
                "                                   │                                    ",
                "  5 <constraints>                  │  6 <constraints>                   ",
                "  6 <constraint                    │  7 <constraint                     ",
                "    firstAttribute=\"height\"        │    firstAttribute=\"height\"         ",
                "    constant=\"13\" id=\"c1\"/>        │    constant=\"14\" id=\"c1\"/>         ",
                "                                                                        ",
                " ↑↓ conflict  o ours  t theirs  b base  Esc list  q quit                ",
            ])
    }

    @Test func qLeavesWithoutWriting() throws {
        let (screen, _) = try Self.screen()
        #expect(screen.handle(.char("q")) == .quit)
    }
}
