import BundledStoryboards
import Flow
import Foundation
import Testing
@testable import Demos

/// The bundled tour, running headless with the demo classes registered.
final class RunningTour {
    let application: Application
    let storyboard: Storyboard
    let driver: FlowDriver
    /// Effects custom segues asked the shell to play, in order.
    private(set) var effects: [TransitionEffect] = []

    init() throws {
        application = Application(registry: Demos.registry(), storyboardDirectories: [BundledStoryboards.directory])
        let url = try #require(BundledStoryboards.url(named: "Segue Tour"))
        storyboard = try application.storyboard(contentsOf: url)
        driver = try FlowDriver.launch(storyboard)
        application.onTransitionEffect = { [weak self] effect in self?.effects.append(effect) }
    }

    var trace: NavigationTrace { application.trace }

    /// The segues recorded since the trace was last cleared, as "kind identifier source → destination".
    var segues: [String] {
        trace.events.compactMap { event in
            guard case .segue(let record) = event else { return nil }
            return "\(record.kind.rawValue) \(record.identifier ?? "-") \(record.source) → \(record.destination)"
        }
    }

    /// Presses a key command of the controller on top.
    func press(_ input: String) throws {
        let command = try #require(driver.top.keyCommands.first { $0.input == input })
        command.action()
    }
}

@Suite struct TourTests {
    @Test func theStartScreenListsEveryExample() throws {
        let tour = try RunningTour()
        #expect(tour.driver.stack == ["Segue Tour"])
        #expect(tour.driver.rowTitles() == ["Events", "Account", "Dungeon", "States", "Custom Segue"])
        #expect(tour.storyboard.warnings.isEmpty)
        let inventory = try tour.application.storyboard(named: "Inventory")
        #expect(inventory.warnings.isEmpty)
    }

    @Test func theBundledFilesPassTheLints() throws {
        let registry = Demos.registry()
        for name in ["SegueTour", "Inventory"] {
            let url = BundledStoryboards.directory.appendingPathComponent(name + ".storyboard")
            let loaded = try StoryboardLoader.load(contentsOf: url)
            #expect(StoryboardLinter.lint(loaded.document, registry: registry) == [], "\(name)")
        }
    }

    // MARK: Events

    @Test func selectingAnEventShowsItsMap() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Events")
        #expect(tour.driver.rowTitles() == Event.samples.map(\.name))
        tour.trace.clear()
        try tour.driver.tapRow("Book Swap")
        #expect(tour.segues == ["show ShowMap EventsViewController → EventMapViewController"])
        #expect(tour.driver.stack == ["Segue Tour", "Events", "Book Swap"])
        let map = try #require(tour.driver.top as? EventMapViewController)
        #expect(map.placeLabel?.text == "Central Library")
        // The event was handed over before the map's view loaded.
        #expect(tour.trace.calls(of: ["EventsViewController", "EventMapViewController"]).prefix(2)
            == ["EventsViewController.prepare", "EventMapViewController.viewDidLoad"])
        let rows = try #require(map.mapRows).subviews.compactMap { ($0 as? Label)?.text }
        let event = Event.samples[1]
        // A frame row on top, then one row per map row; a frame column on the left.
        let row = Array(rows[event.mapY + 1])
        #expect(row[event.mapX + 1] == "*")
        #expect(rows.joined().filter { $0 == "*" }.count == 1)
    }

    @Test func theAccessoryButtonFiresTheDetailsSegueInstead() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Events")
        tour.trace.clear()
        try tour.driver.tapAccessory("Night Market")
        #expect(tour.segues == ["show ShowDetails EventsViewController → EventDetailsViewController"])
        let details = try #require(tour.driver.top as? EventDetailsViewController)
        #expect(tour.driver.title == "Night Market")
        #expect(details.authorLabel?.text == "Ana Lima")
        #expect(details.dateLabel?.text == "2012-06-13")
        let table = try #require(tour.driver.table)
        #expect(table.style == .grouped)
        let author = try #require(tour.driver.cell(at: IndexPath(row: 0, section: 0)))
        #expect(author.style == .value1)
        #expect(author.textLabel?.text == "Author")
        #expect(author.detailTextLabel?.text == "Ana Lima")
        try tour.driver.tapBack()
        #expect(tour.driver.stack == ["Segue Tour", "Events"])
    }

    // MARK: Account

    /// Opens the sign-up sheet and walks to its last step.
    private func walkToConfirmation(_ tour: RunningTour, name: String = "Ada", email: String = "ada@example.com") throws {
        try tour.driver.tapRow("Account")
        try tour.driver.tapButton("Create Account")
        try tour.driver.type(name, into: "Name")
        try tour.driver.tapButton("Next")
        try tour.driver.type(email, into: "Email")
        try tour.driver.tapButton("Next")
    }

    @Test func signUpIsAFormSheetOfSteps() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Account")
        tour.trace.clear()
        try tour.driver.tapButton("Create Account")
        #expect(tour.driver.presentationDepth == 1)
        #expect(tour.application.presentationLayers.last?.style == .formSheet)
        #expect(tour.driver.stack == ["Name"])
        // A sheet leaves the presenter on screen: it gets no appearance calls.
        #expect(tour.trace.calls(of: ["AccountViewController"]) == ["AccountViewController.prepare"])
        try tour.driver.type("Ada", into: "Name")
        try tour.driver.tapButton("Next")
        try tour.driver.type("ada@example.com", into: "Email")
        try tour.driver.tapButton("Next")
        #expect(tour.driver.stack == ["Name", "Email", "Confirm"])
        let confirm = try #require(tour.driver.top as? ConfirmStepViewController)
        #expect(confirm.summaryLabel?.text == "Ada, ada@example.com")
    }

    @Test func resetGoesBackToTheFirstStepAndClearsIt() throws {
        let tour = try RunningTour()
        try walkToConfirmation(tour)
        // The step's only control is a text field, which takes plain letters: Reset has a
        // control key of its own.
        #expect(tour.driver.barButtons.first { $0.displayTitle == "Reset" }?.keyEquivalent == "C-r")
        tour.trace.clear()
        try tour.driver.tapBarButton("Reset")
        #expect(tour.segues == ["unwind Reset ConfirmStepViewController → NameStepViewController"])
        #expect(tour.driver.presentationDepth == 1)
        #expect(tour.driver.stack == ["Name"])
        let first = try #require(tour.driver.top as? NameStepViewController)
        #expect(first.resets == 1)
        #expect(first.nameField?.text == "")
        #expect(tour.trace.calls(of: ["NameStepViewController", "ConfirmStepViewController"]).prefix(2)
            == ["ConfirmStepViewController.prepare", "NameStepViewController.resetAccount:"])
    }

    @Test func doneGoesToThePresenterWithTheAccount() throws {
        let tour = try RunningTour()
        try walkToConfirmation(tour)
        try tour.driver.type("ada@example.com", into: "Email again")
        tour.trace.clear()
        try tour.driver.tapBarButton("Done")
        #expect(tour.segues == ["unwind Done ConfirmStepViewController → AccountViewController"])
        #expect(tour.driver.presentationDepth == 0)
        #expect(tour.driver.stack == ["Segue Tour", "Account"])
        let presenter = try #require(tour.driver.top as? AccountViewController)
        #expect(presenter.account == Account(name: "Ada", email: "ada@example.com"))
        #expect(presenter.statusLabel?.text == "Welcome, Ada! Your account ada@example.com is ready.")
    }

    @Test func doneWaitsForAMatchingConfirmation() throws {
        let tour = try RunningTour()
        try walkToConfirmation(tour)
        try tour.driver.type("ada@example.org", into: "Email again")
        try tour.driver.tapBarButton("Done")
        #expect(tour.driver.stack == ["Name", "Email", "Confirm"])
        let confirm = try #require(tour.driver.top as? ConfirmStepViewController)
        #expect(confirm.problemLabel?.text == "The two email addresses don't match.")
        #expect(tour.trace.events.contains(.shouldPerform(controller: "ConfirmStepViewController", identifier: "Done", result: false)))
    }

    @Test func resetAndDoneReachDifferentDestinations() throws {
        let tour = try RunningTour()
        try walkToConfirmation(tour)
        let source = tour.driver.top
        let reset = try #require(tour.application.unwindPlan(action: "resetAccount:", from: source))
        let done = try #require(tour.application.unwindPlan(action: "doneCreatingAccount:", from: source))
        #expect(reset.destination is NameStepViewController)
        #expect(done.destination is AccountViewController)
        #expect(reset.destination !== done.destination)
    }

    @Test func cancelOnTheFirstStepDismissesTheSheet() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Account")
        try tour.driver.tapButton("Create Account")
        try tour.driver.tapBarButton("Cancel")
        #expect(tour.driver.presentationDepth == 0)
        let presenter = try #require(tour.driver.top as? AccountViewController)
        #expect(presenter.account == nil)
        #expect(presenter.statusLabel?.text == "No account yet.")
    }

    // MARK: Dungeon

    private func openDungeon(_ tour: RunningTour) throws -> DungeonTabBarController {
        try tour.driver.tapRow("Dungeon")
        return try #require(tour.application.presentationLayers.last?.controller as? DungeonTabBarController)
    }

    @Test func theDungeonMixesCodeAndTwoStoryboards() throws {
        let tour = try RunningTour()
        tour.trace.clear()
        let tabs = try openDungeon(tour)
        #expect(tour.segues == ["present PlayDungeon TourViewController → DungeonTabBarController"])
        #expect(tour.application.presentationLayers.last?.style == .fullScreen)
        #expect((0..<tabs.viewControllers.count).map { tabs.title(ofTab: $0) } == ["Game", "Map", "Inventory"])
        // The game tab was made in code: no scene, no storyboard.
        let game = try #require(tour.driver.top as? GameViewController)
        #expect(game.spec == nil && game.storyboard == nil)
        #expect(game.isVisible)
        // The map tab came from this file; the inventory from the second file.
        let map = try #require((tabs.viewControllers[1] as? NavigationController)?.topViewController)
        #expect(map.storyboard?.name == "SegueTour")
        let inventory = try #require(tabs.viewControllers[2] as? NavigationController)
        #expect(inventory.storyboard?.name == "Inventory")
        #expect(inventory.topViewController is InventoryViewController)
        #expect(tour.application.warnings.isEmpty)
    }

    @Test func tabsAddedWhileTheTabBarLoadsAppearOnce() throws {
        let tour = try RunningTour()
        tour.trace.clear()
        _ = try openDungeon(tour)
        // Only the selected tab appears, once; the map tab, never shown, gets no calls.
        #expect(tour.trace.calls(of: ["GameViewController", "DungeonMapViewController", "NavigationController \"Dungeon Map\""]) == [
            "GameViewController.viewDidLoad", "GameViewController.viewWillAppear", "GameViewController.viewDidAppear",
        ])
    }

    @Test func tabsKeepTheirStacks() throws {
        let tour = try RunningTour()
        let tabs = try openDungeon(tour)
        tabs.select(2)
        let grid = try #require(tour.driver.first(CollectionView.self))
        #expect(grid.numberOfItems == InventoryItem.samples.count)
        #expect(grid.cellForItem(at: 1)?.title == "Buckler")
        grid.selectItem(at: 1)
        #expect(tour.driver.stack == ["Inventory", "Buckler"])
        let item = try #require(tour.driver.top as? ItemDetailViewController)
        #expect(item.kindLabel?.text == "Armor")

        tabs.select(1)
        let map = try #require(tour.driver.top as? DungeonMapViewController)
        #expect(map.drawnRows.contains { $0.contains("@") })
        tabs.select(2)
        #expect(tour.driver.stack == ["Inventory", "Buckler"])
        #expect(tour.driver.top === item)

        try tour.driver.tapButton("Location Found")
        #expect(tour.driver.stack == ["Inventory", "Buckler", "Found Here"])
        let found = try #require(tour.driver.top as? DungeonMapViewController)
        let rows = found.drawnRows
        let buckler = InventoryItem.samples[1]
        #expect(Array(rows[buckler.foundY + 1])[buckler.foundX + 1] == "*")
        #expect(!rows.joined().contains("@"))
    }

    @Test func runningOutOfLifeFiresTheManualSegue() throws {
        let tour = try RunningTour()
        let tabs = try openDungeon(tour)
        let game = try #require(tour.driver.top as? GameViewController)
        tour.trace.clear()
        try tour.press("-")
        try tour.press("-")
        #expect(tour.driver.presentationDepth == 1)
        #expect(tour.segues.isEmpty)
        try tour.press("-")
        #expect(tour.segues == ["present GameOver DungeonTabBarController → ViewController \"Game Over\""])
        #expect(tour.driver.presentationDepth == 2)
        #expect(tour.driver.title == "Game Over")
        // performSegue from code does not ask shouldPerformSegue.
        #expect(!tour.trace.events.contains { if case .shouldPerform = $0 { true } else { false } })

        tabs.select(1)
        try tour.driver.tapButton("Play Again")
        #expect(tour.driver.presentationDepth == 1)
        #expect(tabs.hero.life == Hero.maximumLife)
        #expect(tour.driver.top === game)
        #expect(tour.trace.events.contains(.unwindAction(controller: "DungeonTabBarController", action: "playAgain:")))
    }

    @Test func theErrorSceneIsReachedByIdentifierWithNoSegue() throws {
        let tour = try RunningTour()
        _ = try openDungeon(tour)
        tour.trace.clear()
        try tour.press("e")
        #expect(tour.segues.isEmpty)
        #expect(tour.driver.top is ServerErrorViewController)
        #expect(tour.driver.presentationDepth == 2)
        try tour.driver.tapButton("OK")
        #expect(tour.driver.top is GameViewController)
        #expect(tour.driver.presentationDepth == 1)
    }

    @Test func closeUnwindsToTheStartScreenFromEitherTab() throws {
        let tour = try RunningTour()
        var tabs = try openDungeon(tour)
        tabs.select(1)
        try tour.driver.tapBarButton("Close")
        #expect(tour.driver.presentationDepth == 0)
        let start = try #require(tour.driver.top as? TourViewController)
        #expect(start.returns == 1)

        tabs = try openDungeon(tour)
        #expect(tour.driver.top is GameViewController)
        tour.trace.clear()
        try tour.driver.tapBarButton("Close")
        #expect(tour.segues == ["unwind CloseDungeon DungeonTabBarController → TourViewController"])
        #expect(tour.driver.presentationDepth == 0)
        #expect(start.returns == 2)
    }

    // MARK: States

    @Test func theEmbedSegueHandsTheRegionOverBeforeTheMapLoads() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("States")
        #expect(tour.driver.rowTitles() == StateInfo.samples.map(\.name))
        tour.trace.clear()
        try tour.driver.tapRow("Texas")
        #expect(tour.segues == [
            "show ShowState StatesViewController → StateDetailViewController",
            "embed EmbedMap StateDetailViewController → RegionMapViewController",
        ])
        #expect(tour.trace.calls(of: ["StateDetailViewController", "RegionMapViewController"]).prefix(3) == [
            "StateDetailViewController.prepare", "RegionMapViewController.viewDidLoad", "StateDetailViewController.viewDidLoad",
        ])
        let detail = try #require(tour.driver.top as? StateDetailViewController)
        let map = try #require(detail.map)
        #expect(map.parent === detail)
        #expect(map.regionNameAtLoad == "Texas")
        #expect(map.legendLabel?.text == "# is Texas.")
        let rows = try #require(map.mapRows).subviews.compactMap { ($0 as? Label)?.text }
        let texas = StateInfo.samples[1]
        #expect(rows.joined().filter { $0 == "#" }.count == texas.width * texas.height)
        #expect(Array(rows[texas.y + 1])[texas.x + 1] == "#")
        #expect(detail.gdpLabel?.text == "GDP: $1,308 billion")
    }

    // MARK: Custom segue

    @Test func theCustomSegueAsksForItsEffectThenPushes() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Custom Segue")
        tour.trace.clear()
        try tour.driver.tapButton("Next")
        #expect(tour.effects == [.dissolve])
        #expect(tour.segues == ["custom Dissolve CustomSegueViewController → ViewController \"Dissolved\""])
        #expect(tour.driver.stack == ["Segue Tour", "Custom Segue", "Dissolved"])
        #expect(tour.trace.lines.contains("note: transition effect dissolve"))
    }

    @Test func theEffectCanBeTurnedOff() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Custom Segue")
        let toggle = try #require(tour.driver.first(Switch.self))
        toggle.toggle()
        #expect(!toggle.isOn)
        try tour.driver.tapButton("Next")
        #expect(tour.effects.isEmpty)
        #expect(tour.driver.stack == ["Segue Tour", "Custom Segue", "Dissolved"])
        try tour.driver.tapBack()
        toggle.toggle()
        try tour.driver.tapButton("Next")
        #expect(tour.effects == [.dissolve])
    }

    @Test func everyExampleComesBackToTheStartScreen() throws {
        let tour = try RunningTour()
        for row in ["Events", "Account", "States", "Custom Segue"] {
            try tour.driver.tapRow(row)
            #expect(tour.driver.stack == ["Segue Tour", row])
            try tour.driver.tapBack()
            #expect(tour.driver.stack == ["Segue Tour"])
        }
        _ = try openDungeon(tour)
        try tour.driver.tapBarButton("Close")
        #expect(tour.driver.stack == ["Segue Tour"])
        #expect(tour.driver.presentationDepth == 0)
    }
}

