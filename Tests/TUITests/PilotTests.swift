import Flow
import Testing
import TestSupport
import TUI

final class BigTable: TableViewController {
    var requests = 0
    override func numberOfSections(in tableView: TableView) -> Int { 1 }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000_000 }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        requests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
}

final class NamesTable: TableViewController {
    var names: [String] = []
    override func numberOfSections(in tableView: TableView) -> Int { 1 }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        return cell
    }
}

/// The shell driven by keys and clicks, its screen read as text.
@Suite struct PilotTests {
    func navigationFlow() -> PilotFixture {
        PilotFixture([
            Scene.navigation("N", root: "List"),
            Scene.table("List", title: "Events", rows: [("r1", "WWDC"), ("r2", "Keynote")], barItems: [.item("add", .add)],
                        segues: [Segue.show("Detail", from: .cell(id: "r1")), Segue.present("AddNav", from: .barButtonItem(id: "add"))]),
            Scene.view("Detail", title: "Event"),
            Scene.navigation("AddNav", root: "Add"),
            Scene.view("Add", title: "New Event", barItems: [.item("done", .done)], leftBarItems: [.item("cancel", .cancel, actions: ["cancel:"])]),
        ], initial: "N")
    }

    @Test func enterPushesAndEscPops() {
        let fixture = navigationFlow()
        let pilot = fixture.pilot
        #expect(pilot.screenLines.first?.contains("Events") == true)
        pilot.press(.enter)
        #expect(pilot.screenLines.first?.hasPrefix("‹ Events") == true)
        #expect(pilot.screenLines.first?.contains("Event") == true)
        #expect(pilot.screenLines.last?.contains("‹ Events") == true)
        pilot.press(.escape)
        #expect(pilot.screenLines.first?.contains("‹") == false)
        #expect(pilot.shows("WWDC"))
    }

    @Test func plusPresentsAndEscFiresCancel() {
        let fixture = navigationFlow()
        fixture.pilot.press(.char("+"))
        #expect(fixture.pilot.shows("New Event"))
        #expect(fixture.application.presentationLayers.count == 2)
        // No class implements the cancel item's action: the sheet closes as a real app's
        // code would close it, and the status line says why.
        fixture.pilot.press(.escape)
        #expect(fixture.application.presentationLayers.count == 1)
        #expect(fixture.pilot.shows("no code for cancel: — closed the"))
    }

    @Test func clicksOnRowsBackButtonAndBarButtons() {
        let fixture = navigationFlow()
        let pilot = fixture.pilot
        #expect(pilot.click(on: "WWDC"))
        #expect(pilot.shows("‹ Events"))
        #expect(pilot.click(on: "‹ Events"))
        #expect(!pilot.shows("‹ Events"))
        pilot.click(x: 59, y: 0)
        #expect(pilot.shows("New Event"))
    }

    @Test func qQuitsOnlyAtTheRootAndCtrlCAnywhere() {
        let fixture = navigationFlow()
        fixture.pilot.press(.enter)
        fixture.pilot.press(.char("q"))
        #expect(fixture.pilot.shell.exit == nil)
        #expect(fixture.pilot.shows("q quits from the first screen"))
        fixture.pilot.press(.ctrl("c"))
        #expect(fixture.pilot.shell.exit == .quit)
        let root = navigationFlow()
        root.pilot.press(.char("q"))
        #expect(root.pilot.shell.exit == .quit)
    }

    @Test func digitsPickTabsAndEachKeepsItsStack() {
        let fixture = PilotFixture([
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "A"),
            Scene.table("A", title: "First", rows: [("a1", "Open")], segues: [Segue.show("B", from: .cell(id: "a1"))]),
            Scene.view("B", title: "Pushed"),
            Scene.navigation("N2", root: "C"),
            Scene.view("C", title: "Second"),
        ], initial: "T")
        let pilot = fixture.pilot
        pilot.press(.enter)
        #expect(pilot.screenLines.first?.contains("Pushed") == true)
        pilot.press(.char("2"))
        #expect(pilot.screenLines.first?.contains("Second") == true)
        #expect(pilot.click(on: "1 First"))
        #expect(pilot.screenLines.first?.contains("Pushed") == true)
    }

    @Test func textFieldsEditWithCursorKeysPasteAndWideCharacters() throws {
        let fixture = PilotFixture([Scene.navigation("N", root: "Form"), Gallery.form], initial: "N")
        let pilot = fixture.pilot
        let field = try #require(fixture.application.topViewController?.view.first(TextField.self))
        pilot.type("Zoë")
        pilot.press(.home)
        pilot.type("é")
        pilot.press(.end, .backspace)
        pilot.paste("漢字\n🧑‍🌾")
        #expect(field.text == "éZo漢字 🧑‍🌾")
        pilot.press(.home, .delete, .right, .right, .char("!"))
        #expect(field.text == "Zo!漢字 🧑‍🌾")
        #expect(pilot.shows("Zo!漢字 🧑‍🌾"))
        // q and digits type into the field instead of quitting.
        pilot.type("q1")
        #expect(pilot.shell.exit == nil)
        #expect(field.text == "Zo!q1漢字 🧑‍🌾")
    }

    @Test func slidersSwitchesSteppersAndSegmentsTakeTheirKeys() throws {
        let fixture = PilotFixture([Scene.navigation("N", root: "Form"), Gallery.form], initial: "N")
        let pilot = fixture.pilot
        let view = try #require(fixture.application.topViewController?.view)
        let slider = try #require(view.first(Slider.self))
        pilot.press(.tab, .right, .right, .pageUp)
        #expect(abs(slider.value - 0.37) < 0.0001)
        pilot.press(.pageDown, .left)
        #expect(abs(slider.value - 0.26) < 0.0001)
        pilot.press(.tab, .char(" "))
        #expect(view.first(Switch.self)?.isOn == false)
        pilot.press(.tab, .right, .right)
        #expect(view.first(Stepper.self)?.value == 5)
        pilot.press(.tab, .left)
        #expect(view.first(SegmentedControl.self)?.selectedSegmentIndex == 0)
        pilot.press(.backTab, .backTab, .backTab, .backTab)
        pilot.type("x")
        #expect(view.first(TextField.self)?.text == "x")
    }

    @Test func aMillionRowsScrollAndJumpToTheEnd() throws {
        let registry = ClassRegistry()
        registry.register(BigTable.self, as: "Big")
        let fixture = PilotFixture([Scene.navigation("N", root: "T"), Scene.table("T", title: "Big", customClass: "Big", prototypes: ["Row"])], initial: "N", registry: registry)
        let pilot = fixture.pilot
        let table = try #require(fixture.application.topViewController as? BigTable)
        pilot.press(.end)
        #expect(pilot.shows("Row 999999"))
        #expect(!pilot.shows("Row 0 "))
        pilot.press(.pageUp)
        #expect(table.tableView?.selectedIndexPath?.row == 999_999 - 12)
        pilot.press(.home)
        #expect(pilot.shows("Row 0"))
        pilot.press(.pageDown, .pageDown)
        #expect(table.tableView?.selectedIndexPath?.row == 24)
        pilot.scroll(down: true)
        #expect(table.tableView?.selectedIndexPath?.row == 27)
        // Each frame asks for the rows on screen, not the million.
        #expect(table.requests < 400)
    }

    @Test func rowsOnScreenKeepTheirCellsUntilTheDataIsReloaded() throws {
        let registry = ClassRegistry()
        registry.register(BigTable.self, as: "Big")
        let fixture = PilotFixture([Scene.navigation("N", root: "T"), Scene.table("T", title: "Big", customClass: "Big", prototypes: ["Row"])], initial: "N", registry: registry)
        let pilot = fixture.pilot
        let table = try #require(fixture.application.topViewController as? BigTable)
        let shown = table.requests
        #expect(shown > 10)
        // Moving the highlight within the screen redraws it without asking for a cell.
        pilot.press(.down, .down, .up)
        #expect(table.requests == shown)
        #expect(pilot.shows("Row 1"))
        // Scrolling by one row asks for the one row that came into view.
        pilot.press(.pageDown)
        let afterPage = table.requests
        pilot.press(.down)
        #expect(table.requests == afterPage + 1)
        // Reloading asks for every row on screen again, as UIKit does.
        table.tableView?.reloadData()
        pilot.press(.up)
        #expect(table.requests >= afterPage + 1 + shown - 2)
        #expect(pilot.shows("Row \(table.tableView?.selectedIndexPath?.row ?? -1)"))
    }

    @Test func escapeSequencesAndBidiInDataAreShownNotObeyed() throws {
        let registry = ClassRegistry()
        registry.register(NamesTable.self, as: "Names")
        let fixture = PilotFixture([Scene.navigation("N", root: "T"), Scene.table("T", title: "Names", customClass: "Names", prototypes: ["Row"])], initial: "N", registry: registry)
        let table = try #require(fixture.application.topViewController as? NamesTable)
        table.names = ["\u{1B}]52;c;aGk=\u{07}evil", "\u{202E}txt.exe", "\u{1B}[2Jclear", "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"]
        table.tableView?.reloadData()
        fixture.pilot.press(.resize)
        let screen = fixture.pilot.screen
        #expect(!screen.contains("\u{1B}"))
        #expect(!screen.contains("\u{202E}"))
        #expect(!screen.contains("\u{07}"))
        #expect(screen.contains("^[]52;c;aGk=^Gevil"))
        #expect(screen.contains("^[[2Jclear"))
        #expect(fixture.pilot.terminal.lastFrame?.invariantViolations() == [])
        for line in fixture.pilot.screenLines {
            #expect(DisplayWidth.of(line) == 60)
        }
    }

    @Test func resizingDownToOneByOneAndBackKeepsTheScreen() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Form"), Gallery.form], initial: "N", size: Size(width: 120, height: 40))
        let pilot = fixture.pilot
        pilot.type("kept")
        pilot.resize(width: 20, height: 5)
        #expect(pilot.shows("too small"))
        pilot.resize(width: 1, height: 1)
        pilot.resize(width: 0, height: 0)
        for step in 0..<200 { pilot.resize(width: 10 + step % 90, height: 3 + step % 30) }
        pilot.resize(width: 80, height: 24)
        let fresh = Pilot(application: fixture.application, size: Size(width: 80, height: 24))
        #expect(pilot.screen == fresh.screen)
        #expect(pilot.shows("kept"))
    }

    @Test func helpListsTheFooterKeysAndTheFooterComesFromTheKeyMap() {
        let fixture = navigationFlow()
        let pilot = fixture.pilot
        let footer = pilot.screenLines.last ?? ""
        #expect(footer.contains("+  add"))
        #expect(footer.contains("Enter  open"))
        pilot.press(.char("?"))
        #expect(pilot.shows("Keys"))
        #expect(pilot.shows("add"))
        #expect(pilot.shows("first row"))
        pilot.press(.char("x"))
        #expect(!pilot.shows("Keys — any key closes"))
    }

    @Test func overviewAndTracePanelShowTheFlow() {
        let fixture = navigationFlow()
        let pilot = fixture.pilot
        pilot.press(.enter)
        pilot.press(.char("t"))
        #expect(pilot.shows("show: TableViewController \"Events\" → "), "\(pilot.screen)")
        // The transition from its first call on.
        #expect(pilot.shows("TableViewController \"Events\".shouldPerformSegue"), "\(pilot.screen)")
        #expect(pilot.shows("more, T to read"))
        pilot.press(.char("g"))
        #expect(pilot.shows("Overview of Test"))
        #expect(pilot.shows("▶ Event"))
        #expect(pilot.shows("└─ show → Event"))
    }

    @Test func unwindWithNoDestinationShowsAWarningOnTheStatusLine() {
        let registry = ClassRegistry()
        registry.register(HasDone.self, as: "HasDone")
        let fixture = PilotFixture([
            Scene.navigation("N", root: "A"),
            Scene.view("A", customClass: "HasDone", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("x", "Leave")], segues: [Segue.unwind("elsewhere:", from: .button(id: "x"), exit: "B.exit")]),
            Scene.view("C", customClass: "Declares"),
        ], initial: "N", registry: registry)
        registry.register(Declares.self, as: "Declares")
        fixture.pilot.press(.enter)
        fixture.pilot.press(.enter)
        #expect(fixture.pilot.shows("! no controller on the way back"))
        fixture.pilot.press(.char("x"))
        #expect(!fixture.pilot.shows("! no controller"))
    }
}

final class HasDone: ViewController {}
final class Declares: ViewController {
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("elsewhere:", Declares.elsewhere)
        return table
    }
    func elsewhere(_ segue: StoryboardSegue) {}
}

final class Recorder: ViewController {
    var resets = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("reset:", Recorder.reset)
        return table
    }
    func reset() { resets += 1 }
}

@Suite struct MnemonicTests {
    func fixture() -> PilotFixture {
        let registry = ClassRegistry()
        registry.register(Recorder.self, as: "Recorder")
        var scene = Scene.view("R", title: "Sign Up", customClass: "Recorder", barItems: [.item("reset", title: "Reset", actions: ["reset:"])])
        scene.view?.subviews = [ViewSpec(id: "name", kind: .textField(text: "", placeholder: "Name", isSecure: false))]
        return PilotFixture([Scene.navigation("N", root: "R"), scene], initial: "N", registry: registry)
    }

    @Test func titledBarButtonsTakeTheirLetterOrAltWhileTyping() throws {
        let fixture = fixture()
        let recorder = try #require(fixture.application.topViewController as? Recorder)
        // The field has the focus: `r` is typed, Alt-r presses Reset.
        fixture.pilot.type("r")
        #expect(recorder.resets == 0)
        #expect(fixture.pilot.shows("Reset (M-r)"))
        #expect(fixture.pilot.screenLines.last?.contains("M-r") == true)
        fixture.pilot.press(.alt("r"))
        #expect(recorder.resets == 1)
        #expect(fixture.application.topViewController?.view.first(TextField.self)?.text == "r")
    }
}
