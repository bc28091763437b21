import Flow
import Foundation
import Testing
import TestSupport

@testable import TUI

/// The pages of ``LiveFixtures/pages(last:)``: its scenes P1, P2 and P3, found by their
/// storyboard identifiers (a page made again by a reload is a new instance of its scene),
/// with page dots.
final class LivePages: PageViewController, PageViewControllerDataSource {
    static let scenes = ["P1", "P2", "P3"]

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = self
        if let first = try? storyboard?.instantiateViewController(withIdentifier: Self.scenes[0]) { setViewControllers([first]) }
    }

    private func index(of page: ViewController) -> Int? {
        Self.scenes.firstIndex(of: page.spec?.storyboardIdentifier ?? "")
    }

    private func page(after controller: ViewController, by offset: Int) -> ViewController? {
        guard let index = index(of: controller), Self.scenes.indices.contains(index + offset) else { return nil }
        return try? storyboard?.instantiateViewController(withIdentifier: Self.scenes[index + offset])
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController? {
        page(after: viewController, by: -1)
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController? {
        page(after: viewController, by: 1)
    }

    func presentationCount(for pageViewController: PageViewController) -> Int? { Self.scenes.count }

    func presentationIndex(for pageViewController: PageViewController) -> Int? { viewControllers.first.flatMap(index(of:)) }
}

/// `run --watch` on the real shell: a fixture's file rewritten while the pilot is somewhere
/// in it, the screens rebuilt at the same place.
@Suite struct LiveReloadTests {
    /// A pilot running `Main.storyboard` of `folder`, following its saves, as
    /// `storyboard run FOLDER/Main.storyboard --watch` does.
    static func follow(
        _ folder: LiveFolder, size: Size = Size(width: 44, height: 10), registry: ClassRegistry = ClassRegistry()
    ) throws -> Pilot {
        let main = folder.file("Main.storyboard")
        let walk = { StoryboardIndex(walking: folder.url, recursive: false) }
        let application = Application(registry: registry)
        application.storyboardIndex = walk()
        let storyboard = try application.storyboard(contentsOf: main)
        application.setRootViewController(try #require(storyboard.instantiateInitialViewController()))
        let pilot = Pilot(application: application, size: size)
        let reloader = LiveReloader(application: application, index: walk(), walk: walk, rootFile: { _ in main })
        try pilot.shell.follow(reloader)
        return pilot
    }

    @Test func aSaveRedrawsThePushedSceneWithWhatWasTyped() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        pilot.type("Top")
        assertScreen(pilot.screenLines, equals: [
            "‹ Pantry            Item",
            "────────────────────────────────────────────",
            "",
            "  Shelf 2",
            "",
            "  Top",
            "", "", "",
            " Esc  ‹ Pantry",
        ])
        try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 3, by the window"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "‹ Pantry            Item",
            "────────────────────────────────────────────",
            "",
            "  Shelf 3, by the window",
            "",
            "  Top",
            "", "",
            "! reloaded: 1 text",
            " Esc  ‹ Pantry",
        ])
        // The stack below is the new file's too: back shows the list as saved.
        try folder.save("Main.storyboard", LiveFixtures.pantry(listTitle: "Larder"))
        #expect(pilot.followSaves())
        #expect(pilot.shows("‹ Larder"))
        pilot.press(.escape)
        #expect(pilot.screenLines.first?.contains("Larder") == true)
    }

    @Test func anOpenSheetStaysOpenWithItsTextOverTheListBeneath() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.char("+"))
        pilot.type("Oat milk")
        assertScreen(pilot.screenLines, equals: [
            "                  New Item",
            "────────────────────────────────────────────",
            "",
            "  Oat milk",
            "", "", "", "", "",
            " Esc  close",
        ])
        // Rewritten in place this time, as vim does.
        try folder.rewrite("Main.storyboard", LiveFixtures.pantry(addTitle: "Add to the Pantry"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "             Add to the Pantry",
            "────────────────────────────────────────────",
            "",
            "  Oat milk",
            "", "", "", "",
            "! reloaded: 2 texts",
            " Esc  close",
        ])
        pilot.press(.escape)
        #expect(pilot.shows("Everything on the shelves"), "the list is beneath the sheet")
    }

    @Test func aDeletedSceneLeavesTheNearestOneAndSaysSo() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        #expect(pilot.shows("Shelf 2"))
        try folder.save("Main.storyboard", LiveFixtures.pantry(withItem: false))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                   Pantry                  +",
            "────────────────────────────────────────────",
            "",
            "  Everything on the shelves",
            "",
            "",
            "! reloaded: 1 scene, 1 segue, 1 view;",
            "ViewController \"Item\" is gone, showing the",
            "nearest scene left",
            " +  add   ?  help   q  quit",
        ])
    }

    @Test func aBrokenSaveKeepsTheLastGoodScreenAndTheNextGoodOneClearsTheError() throws {
        let folder = try LiveFolder()
        let good = LiveFixtures.pantry()
        try folder.save("Main.storyboard", good)
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        let before = pilot.screenLines
        // Half a file, as a tool writing in steps leaves it for a moment.
        try folder.rewrite("Main.storyboard", String(good.prefix(good.count / 2)))
        #expect(pilot.followSaves())
        #expect(pilot.shows("Shelf 2") && pilot.shows("Note"), "the last good screen stays")
        let problem = try #require(pilot.shell.state.liveProblem)
        #expect(problem.hasPrefix(folder.file("Main.storyboard").path + ":"), "FILE:LINE:COLUMN")
        #expect(problem.contains(": error: malformed XML"))
        #expect(problem.hasSuffix("; showing the last good version"))
        #expect(pilot.screenLines.contains { $0.hasPrefix("! " + folder.file("Main.storyboard").path + ":") }, "\(pilot.screen)")
        // A key does not clear it; the footer still shows.
        pilot.press(.down)
        #expect(pilot.shell.state.liveProblem == problem)
        #expect(pilot.screenLines.last == before.last)
        // A segue to a scene that is not there does not load either.
        try folder.save("Main.storyboard", good.replacingOccurrences(of: "destination=\"I\"", with: "destination=\"gone\""))
        #expect(pilot.followSaves())
        #expect(pilot.shell.state.liveProblem?.contains("gone") == true, "\(pilot.screen)")
        try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 4"))
        #expect(pilot.followSaves())
        #expect(!pilot.screenLines.contains { $0.contains("error") })
        #expect(pilot.shows("Shelf 4"))
        #expect(pilot.shows("! reloaded: 1 text"), "compared with the last good version")
    }

    @Test func theFileDeletedKeepsTheScreenUntilItIsMadeAgain() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        try folder.remove("Main.storyboard")
        #expect(pilot.followSaves())
        #expect(pilot.shows("Shelf 2"))
        #expect(pilot.shell.state.liveProblem?.contains("Main.storyboard:0:0: error: the file is gone") == true, "\(pilot.screen)")
        try folder.rewrite("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 5"))
        #expect(pilot.followSaves())
        #expect(pilot.shell.state.liveProblem == nil)
        #expect(pilot.shows("Shelf 5") && pilot.shows("‹ Pantry"))
    }

    @Test func aBurstOfSavesIsReadOnce() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        let trace = pilot.shell.application.trace
        let reloadsBefore = trace.transitions.filter { $0.cause.description.hasPrefix("reload") }.count
        for number in 1...30 { try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf \(number)")) }
        #expect(pilot.followSaves())
        #expect(pilot.shows("Shelf 30"))
        // Whatever the system still hands over of the burst (on a loaded machine an event
        // can come late) is followed too, and finds the file as it was read.
        var late = 0
        while late < 10, pilot.followSaves(within: .milliseconds(50)) { late += 1 }
        #expect(late < 10, "the watcher goes quiet")
        #expect(pilot.shows("Shelf 30"))
        #expect(trace.transitions.filter { $0.cause.description.hasPrefix("reload") }.count == reloadsBefore + 1)
    }

    @Test func theTracePanelHoldsTheWholeChange() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder, size: Size(width: 80, height: 24))
        pilot.press(.enter)
        try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 9", listTitle: "Larder"))
        #expect(pilot.followSaves())
        pilot.shell.showsTrace = true
        pilot.shell.redraw()
        assertScreen(Array(pilot.screenLines.suffix(9)), equals: [
            "! reloaded: 3 texts",
            "┌ What just happened (3 of 3) — t hides, T reads ──────────────────────────────┐",
            "│ reload: ViewController \"Item\" → ViewController \"Item\" — 3 texts              │",
            "│   note: ~ ViewController \"Larder\" [P] title: \"Pantry\" → \"Larder\"             │",
            "│   note: ~ navigationItem \"Larder\" [P-n] title: \"Pantry\" → \"Larder\"           │",
            "│   note: ~ label \"Shelf 9\" [shelf] text: \"Shelf 2\" → \"Shelf 9\"                │",
            "│   note: rebuilt: 2 viewDidLoad, 2 viewWillAppear, 2 viewDidAppear, 2 viewW…  │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
            " Esc  ‹ Larder",
        ])
        // The calls of the screens made again are one line, whole in the transcript.
        #expect(pilot.shell.application.trace.lastTransition?.transcript == [
            "reload: ViewController \"Item\" → ViewController \"Item\" — 3 texts",
            "  note: ~ ViewController \"Larder\" [P] title: \"Pantry\" → \"Larder\"",
            "  note: ~ navigationItem \"Larder\" [P-n] title: \"Pantry\" → \"Larder\"",
            "  note: ~ label \"Shelf 9\" [shelf] text: \"Shelf 2\" → \"Shelf 9\"",
            "  note: rebuilt: 2 viewDidLoad, 2 viewWillAppear, 2 viewDidAppear, 2 viewWillDisappear, 2 viewDidDisappear, 3 released",
        ])
    }

    @Test func theSelectedTabAndATablesScrollAreKept() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.tabs())
        let pilot = try Self.follow(folder)
        pilot.press(.end)
        let scrolled = pilot.screenLines
        #expect(scrolled.contains { $0.contains("Row 40") } && !scrolled.contains { $0.contains("Row 1 ") })
        try folder.save("Main.storyboard", LiveFixtures.tabs(label: "Saved again"))
        #expect(pilot.followSaves())
        #expect(pilot.screenLines.contains { $0.contains("Row 40") } && !pilot.screenLines.contains { $0.contains("Row 1 ") },
            "still at the end: \(pilot.screen)")
        #expect(pilot.shows("! reloaded: 1 text"))
        pilot.press(.char("2"))
        #expect(pilot.shows("Second tab") == false && pilot.shows("Saved again"))
        try folder.save("Main.storyboard", LiveFixtures.tabs(label: "Third save"))
        #expect(pilot.followSaves())
        #expect(pilot.shows("Third save"), "still on the second tab: \(pilot.screen)")
    }

    @Test func aSplitViewKeepsBothColumnsTheDetailsPushedSceneAndTheFocusedColumn() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.mail())
        let size = Size(width: 100, height: 9)
        let pilot = try Self.follow(folder, size: size)
        // Typed into the primary column, then the headers pushed in the secondary.
        pilot.type("lunch")
        pilot.press(.tab, .enter)
        assertScreen(pilot.screenLines, equals: [
            "            Mailboxes            │‹ Message                    Headers",
            "─────────────────────────────────│──────────────────────────────────────────────────────────────────",
            "                                 │",
            "  lunch                          │  From: Ada",
            "                                 │",
            "  Inbox                          │",
            "                                 │",
            "                                 │",
            " Esc  ‹ Message   Tab  next column   ?  help",
        ])
        try folder.save("Main.storyboard", LiveFixtures.mail(folders: "Folders", message: "Lunch at one?", headers: "From: Ada Lovelace"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "             Folders             │‹ Message                    Headers",
            "─────────────────────────────────│──────────────────────────────────────────────────────────────────",
            "  lunch                          │",
            "                                 │  From: Ada Lovelace",
            "  Inbox                          │",
            "                                 │",
            "                                 │",
            "! reloaded: 4 texts",
            " Esc  ‹ Message   Tab  next column   ?  help",
        ])
        // Two tabs come back to the same column and clear the status line: the screen is a
        // cold start's at the same place.
        pilot.press(.tab, .tab)
        let cold = try Self.follow(folder, size: size)
        cold.type("lunch")
        cold.press(.tab, .enter, .tab, .tab)
        assertScreen(pilot.screenLines, equals: cold.screenLines)
        #expect(pilot.shows("From: Ada Lovelace"))
        // Back in the secondary column shows the message as saved, the column keeping the keys.
        pilot.press(.escape)
        assertScreen(pilot.screenLines, equals: [
            "             Folders             │                             Message",
            "─────────────────────────────────│──────────────────────────────────────────────────────────────────",
            "                                 │",
            "  lunch                          │  Lunch at one?",
            "                                 │",
            "  Inbox                          │  [ Headers ]",
            "                                 │",
            "                                 │",
            " Esc  previous column   Enter  press   Tab  next column   ?  help   q  quit",
        ])
    }

    @Test func aPageViewControllerKeepsItsPage() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pages())
        let registry = ClassRegistry()
        registry.register(LivePages.self, as: "LivePages")
        let size = Size(width: 40, height: 8)
        let pilot = try Self.follow(folder, size: size, registry: registry)
        pilot.press(.right, .right)
        assertScreen(pilot.screenLines, equals: [
            "                  Tour",
            "────────────────────────────────────────",
            "",
            "  Share it",
            "",
            "",
            "                 ○ ○ ●",
            " ←→  page   ?  help   q  quit",
        ])
        try folder.save("Main.storyboard", LiveFixtures.pages(last: "Share it with a friend"))
        #expect(pilot.followSaves())
        assertScreen(pilot.screenLines, equals: [
            "                  Tour",
            "────────────────────────────────────────",
            "  Share it with a friend",
            "",
            "",
            "                 ○ ○ ●",
            "! reloaded: 1 text",
            " ←→  page   ?  help   q  quit",
        ])
        // → on the last page turns nothing and clears the status line: a cold start's screen.
        pilot.press(.right)
        let cold = try Self.follow(folder, size: size, registry: registry)
        cold.press(.right, .right, .right)
        assertScreen(pilot.screenLines, equals: cold.screenLines)
        #expect(pilot.shows("Share it with a friend"))
        // The pages turn from the page kept.
        pilot.press(.left)
        #expect(pilot.shows("Make a list") && pilot.shows("○ ● ○"), "\(pilot.screen)")
    }

    @Test func theControllersAndStoryboardsAReloadReplacesAreReleased() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        weak var oldItem = pilot.shell.application.topViewController
        weak var oldStoryboard = oldItem?.storyboard
        #expect(oldItem != nil && oldStoryboard != nil)
        try folder.save("Main.storyboard", LiveFixtures.pantry(shelf: "Shelf 3"))
        #expect(pilot.followSaves())
        #expect(pilot.shows("Shelf 3"))
        #expect(oldItem == nil, "the pushed scene before the save is gone")
        #expect(oldStoryboard == nil, "and the storyboard it came from")
    }

    @Test func theShellForgetsWhatItRememberedOfTheScreensAReloadLetGo() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.tabs())
        let pilot = try Self.follow(folder)
        pilot.press(.end)
        for number in 1...3 {
            try folder.save("Main.storyboard", LiveFixtures.tabs(label: "Save \(number)"))
            #expect(pilot.followSaves())
        }
        #expect(pilot.shows("Row 40"), "the table's scroll is still kept: \(pilot.screen)")
        let state = pilot.shell.state
        #expect(!state.views.isEmpty)
        #expect(state.views.values.allSatisfy { $0.view != nil }, "nothing kept of a view that is gone")
        #expect(state.screens.values.allSatisfy { $0.controller != nil }, "nothing kept of a screen that is gone")
    }

    @Test func theScreenAfter500ReloadsIsTheColdStartsAtTheSamePlace() throws {
        let folder = try LiveFolder()
        try folder.save("Main.storyboard", LiveFixtures.pantry())
        let pilot = try Self.follow(folder)
        pilot.press(.enter)
        pilot.type("Top")
        for number in 1...500 {
            try folder.rewrite("Main.storyboard", LiveFixtures.pantry(shelf: number % 2 == 0 ? "Shelf 2" : "Shelf \(number)"))
            pilot.shell.reload()
        }
        pilot.press(.left)  // any key clears the status line
        let cold = try Self.follow(folder)
        cold.press(.enter)
        cold.type("Top")
        cold.press(.left)
        assertScreen(pilot.screenLines, equals: cold.screenLines)
        #expect(pilot.shows("Shelf 2"))
    }
}
