import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// `run --watch` with an alert up: a save rebuilds the screens under it and the alert stays,
/// the one code made as it was (its chosen button, its handlers), the action sheet of the
/// storyboard's bar buttons made again from the new file.
@Suite struct LiveReloadAlertTests {
    /// A shelf whose bar has two buttons no letter is left for (`g`, `o`, `h`, `i` and `k`
    /// are the shell's): they go to the `.` list.
    static func shelf(title: String = "Shelf", second: String? = "Hi") -> String {
        let secondItem = second.map { #"<barButtonItem title="\#($0)" id="second"/>"# } ?? ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="N">
            <scenes>
                <scene sceneID="s-N"><objects>
                    <navigationController id="N" sceneMemberID="viewController">
                        <connections><segue destination="P" kind="relationship" relationship="rootViewController" id="r-P"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s-P"><objects>
                    <viewController title="\(title)" id="P" sceneMemberID="viewController">
                        <view key="view" id="P-v"><subviews>
                            <label text="Everything on the shelf" id="intro"/>
                        </subviews></view>
                        <navigationItem key="navigationItem" title="\(title)" id="P-n">
                            <rightBarButtonItems>
                                <barButtonItem title="Go" id="go"/>
                                \(secondItem)
                            </rightBarButtonItems>
                        </navigationItem>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """
    }

    @Test func anAlertMadeInCodeStaysWithItsChoiceAndItsButtonsWork() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try LiveReloadTests.follow(folder, size: Size(width: 44, height: 12))
        var pressed: [String] = []
        let alert = AlertController(title: "Empty the pantry?", message: "Every item goes.")
        alert.addAction(.init(title: "Keep") { pressed.append("Keep") })
        alert.addAction(.init(title: "Empty", style: .destructive) { pressed.append("Empty") })
        alert.addAction(.init(title: "Cancel", style: .cancel) { pressed.append("Cancel") })
        try #require(pilot.shell.application.topViewController).present(alert)
        pilot.shell.redraw()
        // Cancel is chosen first (a button destroys something); ← chooses Empty.
        pilot.press(.left)
        try folder.save("Main.storyboard", LiveFixtures.pantry(listTitle: "Larder"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                   Larder                  +",
            "────────────────────────────────────────────",
            "    ╔═════════════════════════════════╗",
            "  Ev║        Empty the pantry?        ║",
            "    ║ Every item goes.                ║",
            "  [ ║                                 ║",
            "    ║ [ Keep ]  [ Empty ]  [ Cancel ] ║",
            "    ╚═════════════════════════════════╝",
            "", "",
            "! reloaded: 2 texts",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        // The same alert, which never left the screen: no appearance calls of its own.
        #expect(pilot.shell.application.alertOnTop === alert)
        let reload = try #require(pilot.shell.application.trace.transitions.last?.transcript)
        #expect(reload.first == "reload: ViewController \"Pantry\" → ViewController \"Larder\" — 2 texts")
        #expect(!reload.contains { $0.contains("AlertController") }, "\(reload)")
        // Its choice and its handler are the ones it had.
        pilot.press(.enter)
        #expect(pressed == ["Empty"])
        assertScreen(pilot.screenLines, equals: [
            "                   Larder                  +",
            "────────────────────────────────────────────",
            "",
            "  Everything on the shelves",
            "",
            "  [ Open item ]",
            "", "", "", "", "",
            " +  add   Enter  press   ?  help   q  quit",
        ])
    }

    @Test func theActionSheetOfBarButtonsIsMadeAgainFromTheNewFile() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", Self.shelf())
        let pilot = try LiveReloadTests.follow(folder, size: Size(width: 44, height: 12))
        pilot.press(.char("."))
        assertScreen(pilot.screenLines, equals: [
            "                   Shelf              Go  Hi",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "  Every║            More            ║",
            "       ║                            ║",
            "       ║                            ║",
            "       ║ [ Go ]  [ Hi ]  [ Cancel ] ║",
            "       ╚════════════════════════════╝",
            "", "", "",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        // The second button retitled, then removed: the list follows the file.
        try folder.save("Main.storyboard", Self.shelf(title: "Larder", second: "Ok"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                   Larder             Go  Ok",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "  Every║            More            ║",
            "       ║                            ║",
            "       ║                            ║",
            "       ║ [ Go ]  [ Ok ]  [ Cancel ] ║",
            "       ╚════════════════════════════╝",
            "", "",
            "! reloaded: 3 texts",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        try folder.save("Main.storyboard", Self.shelf(title: "Larder", second: nil))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                   Larder                 Go",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "  Every║            More            ║",
            "       ║                            ║",
            "       ║                            ║",
            "       ║     [ Go ]  [ Cancel ]     ║",
            "       ╚════════════════════════════╝",
            "", "",
            "! reloaded: 1 view",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        pilot.press(.escape)
        assertScreen(pilot.screenLines, equals: [
            "                   Larder                 Go",
            "────────────────────────────────────────────",
            "",
            "  Everything on the shelf",
            "", "", "", "", "", "", "",
            " .  more: Go   ?  help   q  quit",
        ])
    }
}
