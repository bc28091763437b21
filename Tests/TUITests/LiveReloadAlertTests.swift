import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// `run --watch` with an alert up: a save rebuilds the screens under it and the alert stays,
/// the one code made as it was (its chosen button, its handlers), the action sheet of the
/// storyboard's bar buttons made again from the new file.
@Suite struct LiveReloadAlertTests {
    /// The pantry with two more buttons in the list's bar, which no letter is left for (`g`,
    /// `o`, `h`, `i` and `k` are the shell's): they go to the `.` list.
    static func pantry(listTitle: String = "Pantry", second: String? = "Hi") -> String {
        LiveFixtures.pantry(listTitle: listTitle, barButtons: [("go", "Go")] + (second.map { [("second", $0)] } ?? []))
    }

    /// The pantry followed by a pilot, with `alert` presented over its list by code.
    static func pantryShowing(_ alert: AlertController) throws -> (LiveFolder, Pilot) {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try LiveReloadTests.follow(folder, size: Size(width: 44, height: 12))
        try #require(pilot.shell.application.topViewController).present(alert)
        pilot.shell.redraw()
        return (folder, pilot)
    }

    /// Saves the pantry with its list called Larder, and lets the pilot take the save.
    static func renameTheList(_ folder: LiveFolder, _ pilot: Pilot) throws {
        try folder.save("Main.storyboard", LiveFixtures.pantry(listTitle: "Larder"))
        #expect(pilot.followSaves())
    }

    /// The list, saved as Larder, on a 44×12 screen with nothing over it: its `bar` and
    /// `footer` rows as written.
    static func larder(bar: String, footer: String) -> [String] {
        [
            bar,
            "────────────────────────────────────────────",
            "",
            "  Everything on the shelves",
            "",
            "  [ Open item ]",
            "", "", "", "", "",
            footer,
        ]
    }

    @Test func anAlertMadeInCodeStaysWithItsChoiceAndItsButtonsWork() throws {
        var pressed: [String] = []
        let alert = AlertController(title: "Empty the pantry?", message: "Every item goes.")
        alert.addAction(.init(title: "Keep") { pressed.append("Keep") })
        alert.addAction(.init(title: "Empty", style: .destructive) { pressed.append("Empty") })
        alert.addAction(.init(title: "Cancel", style: .cancel) { pressed.append("Cancel") })
        let (folder, pilot) = try Self.pantryShowing(alert)
        // Cancel is chosen first (a button destroys something); ← chooses Empty.
        pilot.press(.left)
        try Self.renameTheList(folder, pilot)
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
        assertScreen(pilot.screenLines, equals: Self.larder(
            bar: "                   Larder                  +", footer: " +  add   Enter  press   ?  help   q  quit"))
    }

    @Test func theActionSheetOfBarButtonsIsMadeAgainFromTheNewFile() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", Self.pantry())
        let pilot = try LiveReloadTests.follow(folder, size: Size(width: 44, height: 12))
        pilot.press(.char("."))
        assertScreen(pilot.screenLines, equals: [
            "                   Pantry          +  Go  Hi",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "  Every║            More            ║",
            "       ║                            ║",
            "  [ Ope║                            ║",
            "       ║ [ Go ]  [ Hi ]  [ Cancel ] ║",
            "       ╚════════════════════════════╝",
            "", "", "",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        // The second button retitled, then removed: the list follows the file.
        try folder.save("Main.storyboard", Self.pantry(listTitle: "Larder", second: "Ok"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                   Larder          +  Go  Ok",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "  Every║            More            ║",
            "       ║                            ║",
            "  [ Ope║                            ║",
            "       ║ [ Go ]  [ Ok ]  [ Cancel ] ║",
            "       ╚════════════════════════════╝",
            "", "",
            "! reloaded: 3 texts",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        try folder.save("Main.storyboard", Self.pantry(listTitle: "Larder", second: nil))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                   Larder              +  Go",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "  Every║            More            ║",
            "       ║                            ║",
            "  [ Ope║                            ║",
            "       ║     [ Go ]  [ Cancel ]     ║",
            "       ╚════════════════════════════╝",
            "", "",
            "! reloaded: 1 view",
            " ←→  choose   Enter  press   Esc  cancel",
        ])
        pilot.press(.escape)
        assertScreen(pilot.screenLines, equals: Self.larder(
            bar: "                   Larder              +  Go", footer: " +  add   .  more: Go   Enter  press"))
    }

    @Test func whatWasTypedIntoAnAlertsFieldIsKept() throws {
        var named: [String] = []
        let alert = AlertController(title: "Rename the shelf", message: "Its items stay.")
        alert.addTextField { $0.placeholder = "Name" }
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Rename") { [unowned alert] in named.append(alert.textFields[0].text) })
        let (folder, pilot) = try Self.pantryShowing(alert)
        pilot.type("Top sh")
        try Self.renameTheList(folder, pilot)
        assertScreen(pilot.screenLines, equals: [
            "                   Larder                  +",
            "───────╔════════════════════════════╗───────",
            "       ║      Rename the shelf      ║",
            "  Every║ Its items stay.            ║",
            "       ║ Top sh                     ║",
            "  [ Ope║                            ║",
            "       ║   [ Cancel ]  [ Rename ]   ║",
            "       ╚════════════════════════════╝",
            "", "",
            "! reloaded: 2 texts",
            " Tab  next   Enter  press   Esc  cancel",
        ])
        // The field still has the keys and the cursor where it was; Enter presses Rename.
        pilot.type("elf")
        pilot.press(.enter)
        #expect(named == ["Top shelf"])
        #expect(pilot.shell.application.alertOnTop == nil)
    }
}
