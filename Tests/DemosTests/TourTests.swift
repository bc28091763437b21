import BundledStoryboards
import Flow
import Foundation
import Testing
import TestSupport
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

    /// The tour on the exhaustive step, its launch checked.
    func store() throws -> NavigationStore {
        try NavigationStore(driver: driver, state: "Navigation[TourViewController]", trace: [
            "root TourViewController",
            "NavigationController \"Segue Tour\".viewDidLoad",
            "TourViewController.viewDidLoad",
            "NavigationController \"Segue Tour\".viewWillAppear",
            "TourViewController.viewWillAppear",
            "NavigationController \"Segue Tour\".viewDidAppear",
            "TourViewController.viewDidAppear",
        ])
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
        let store = try tour.store()
        try store.step(.tapRow("Events"), state: "Navigation[TourViewController › EventsViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowEvents) → true",
            "segue show \"ShowEvents\" TourViewController → EventsViewController",
            "TourViewController.prepare(ShowEvents)",
            "EventsViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "EventsViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "EventsViewController.viewDidAppear",
        ])
        #expect(tour.driver.rowTitles() == Event.samples.map(\.name))
        // The event is handed over before the map's view loads.
        try store.step(.tapRow("Book Swap"), state: "Navigation[TourViewController › EventsViewController › EventMapViewController]", trace: [
            "EventsViewController.shouldPerformSegue(ShowMap) → true",
            "segue show \"ShowMap\" EventsViewController → EventMapViewController",
            "EventsViewController.prepare(ShowMap)",
            "EventMapViewController.viewDidLoad",
            "EventsViewController.viewWillDisappear",
            "EventMapViewController.viewWillAppear",
            "EventsViewController.viewDidDisappear",
            "EventMapViewController.viewDidAppear",
        ])
        #expect(tour.driver.stack == ["Segue Tour", "Events", "Book Swap"])
        let map = try #require(tour.driver.top as? EventMapViewController)
        #expect(map.placeLabel?.text == "Central Library")
        let rows = try #require(map.mapRows).subviews.compactMap { ($0 as? Label)?.text }
        let event = Event.samples[1]
        // A frame row on top, then one row per map row; a frame column on the left.
        let row = Array(rows[event.mapY + 1])
        #expect(row[event.mapX + 1] == "*")
        #expect(rows.joined().filter { $0 == "*" }.count == 1)
    }

    @Test func theAccessoryButtonFiresTheDetailsSegueInstead() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        try store.step(.tapRow("Events"), state: "Navigation[TourViewController › EventsViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowEvents) → true",
            "segue show \"ShowEvents\" TourViewController → EventsViewController",
            "TourViewController.prepare(ShowEvents)",
            "EventsViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "EventsViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "EventsViewController.viewDidAppear",
        ])
        try store.step(.tapAccessory("Night Market"), state: "Navigation[TourViewController › EventsViewController › EventDetailsViewController]", trace: [
            "EventsViewController.shouldPerformSegue(ShowDetails) → true",
            "segue show \"ShowDetails\" EventsViewController → EventDetailsViewController",
            "EventsViewController.prepare(ShowDetails)",
            "EventDetailsViewController.viewDidLoad",
            "EventsViewController.viewWillDisappear",
            "EventDetailsViewController.viewWillAppear",
            "EventsViewController.viewDidDisappear",
            "EventDetailsViewController.viewDidAppear",
        ])
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
        try store.step(.back, state: "Navigation[TourViewController › EventsViewController]", trace: [
            "pop EventDetailsViewController → EventsViewController",
            "EventDetailsViewController.viewWillDisappear",
            "EventsViewController.viewWillAppear",
            "EventDetailsViewController.viewDidDisappear",
            "EventsViewController.viewDidAppear",
            "EventDetailsViewController released",
        ])
    }

    // MARK: Account

    /// Opens the sign-up sheet and walks to its last step.
    private func walkToConfirmation(_ tour: RunningTour) throws -> NavigationStore {
        let store = try tour.store()
        try store.step(.tapRow("Account"), state: "Navigation[TourViewController › AccountViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowAccount) → true",
            "segue show \"ShowAccount\" TourViewController → AccountViewController",
            "TourViewController.prepare(ShowAccount)",
            "AccountViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "AccountViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "AccountViewController.viewDidAppear",
        ])
        // A sheet leaves the presenter on screen: it gets no appearance calls.
        try store.step(.tapButton("Create Account"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController]", trace: [
            "AccountViewController.shouldPerformSegue(CreateAccount) → true",
            "segue present \"CreateAccount\" AccountViewController → NavigationController \"Name\"",
            "AccountViewController.prepare(CreateAccount)",
            "NavigationController \"Name\".viewDidLoad",
            "NameStepViewController.viewDidLoad",
            "NavigationController \"Name\".viewWillAppear",
            "NameStepViewController.viewWillAppear",
            "NavigationController \"Name\".viewDidAppear",
            "NameStepViewController.viewDidAppear",
        ])
        try store.step(.type("Ada", into: "Name"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController]", trace: [])
        try store.step(.tapButton("Next"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController › EmailStepViewController]", trace: [
            "NameStepViewController.shouldPerformSegue(ShowEmailStep) → true",
            "segue show \"ShowEmailStep\" NameStepViewController → EmailStepViewController",
            "NameStepViewController.prepare(ShowEmailStep)",
            "EmailStepViewController.viewDidLoad",
            "NameStepViewController.viewWillDisappear",
            "EmailStepViewController.viewWillAppear",
            "NameStepViewController.viewDidDisappear",
            "EmailStepViewController.viewDidAppear",
        ])
        try store.step(.type("ada@example.com", into: "Email"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController › EmailStepViewController]", trace: [])
        try store.step(.tapButton("Next"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController › EmailStepViewController › ConfirmStepViewController]", trace: [
            "EmailStepViewController.shouldPerformSegue(ShowConfirmStep) → true",
            "segue show \"ShowConfirmStep\" EmailStepViewController → ConfirmStepViewController",
            "EmailStepViewController.prepare(ShowConfirmStep)",
            "ConfirmStepViewController.viewDidLoad",
            "EmailStepViewController.viewWillDisappear",
            "ConfirmStepViewController.viewWillAppear",
            "EmailStepViewController.viewDidDisappear",
            "ConfirmStepViewController.viewDidAppear",
        ])
        return store
    }

    @Test func signUpIsAFormSheetOfSteps() throws {
        let tour = try RunningTour()
        _ = try walkToConfirmation(tour)
        let confirm = try #require(tour.driver.top as? ConfirmStepViewController)
        #expect(confirm.summaryLabel?.text == "Ada, ada@example.com")
    }

    @Test func resetGoesBackToTheFirstStepAndClearsIt() throws {
        let tour = try RunningTour()
        let store = try walkToConfirmation(tour)
        // The step's only control is a text field, which takes plain letters: Reset has a
        // control key of its own.
        #expect(tour.driver.barButtons.first { $0.displayTitle == "Reset" }?.keyEquivalent == "C-r")
        try store.step(.tapBarButton("Reset"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController]", trace: [
            "ConfirmStepViewController.shouldPerformSegue(Reset) → true",
            "segue unwind \"Reset\" ConfirmStepViewController → NameStepViewController",
            "ConfirmStepViewController.prepare(Reset)",
            "NameStepViewController.resetAccount:",
            "ConfirmStepViewController.viewWillDisappear",
            "NameStepViewController.viewWillAppear",
            "ConfirmStepViewController.viewDidDisappear",
            "NameStepViewController.viewDidAppear",
            "EmailStepViewController released",
            "ConfirmStepViewController released",
        ])
        let first = try #require(tour.driver.top as? NameStepViewController)
        #expect(first.resets == 1)
        #expect(first.nameField?.text == "")
    }

    @Test func doneGoesToThePresenterWithTheAccount() throws {
        let tour = try RunningTour()
        let store = try walkToConfirmation(tour)
        try store.step(.type("ada@example.com", into: "Email again"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController › EmailStepViewController › ConfirmStepViewController]", trace: [])
        try store.step(.tapBarButton("Done"), state: "Navigation[TourViewController › AccountViewController]", trace: [
            "ConfirmStepViewController.shouldPerformSegue(Done) → true",
            "segue unwind \"Done\" ConfirmStepViewController → AccountViewController",
            "ConfirmStepViewController.prepare(Done)",
            "AccountViewController.doneCreatingAccount:",
            "NavigationController \"Name\".viewWillDisappear",
            "ConfirmStepViewController.viewWillDisappear",
            "NavigationController \"Name\".viewDidDisappear",
            "ConfirmStepViewController.viewDidDisappear",
            "NavigationController \"Name\" released",
            "NameStepViewController released",
            "EmailStepViewController released",
            "ConfirmStepViewController released",
        ])
        let presenter = try #require(tour.driver.top as? AccountViewController)
        #expect(presenter.account == Account(name: "Ada", email: "ada@example.com"))
        #expect(presenter.statusLabel?.text == "Welcome, Ada! Your account ada@example.com is ready.")
    }

    @Test func doneWaitsForAMatchingConfirmation() throws {
        let tour = try RunningTour()
        let store = try walkToConfirmation(tour)
        try store.step(.type("ada@example.org", into: "Email again"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController › EmailStepViewController › ConfirmStepViewController]", trace: [])
        try store.step(.tapBarButton("Done"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController › EmailStepViewController › ConfirmStepViewController]", trace: [
            "ConfirmStepViewController.shouldPerformSegue(Done) → false",
        ])
        let confirm = try #require(tour.driver.top as? ConfirmStepViewController)
        #expect(confirm.problemLabel?.text == "The two email addresses don't match.")
    }

    @Test func resetAndDoneReachDifferentDestinations() throws {
        let tour = try RunningTour()
        _ = try walkToConfirmation(tour)
        let source = tour.driver.top
        let reset = try #require(tour.application.unwindPlan(action: "resetAccount:", from: source))
        let done = try #require(tour.application.unwindPlan(action: "doneCreatingAccount:", from: source))
        #expect(reset.destination is NameStepViewController)
        #expect(done.destination is AccountViewController)
        #expect(reset.destination !== done.destination)
    }

    @Test func cancelOnTheFirstStepDismissesTheSheet() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        try store.step(.tapRow("Account"), state: "Navigation[TourViewController › AccountViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowAccount) → true",
            "segue show \"ShowAccount\" TourViewController → AccountViewController",
            "TourViewController.prepare(ShowAccount)",
            "AccountViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "AccountViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "AccountViewController.viewDidAppear",
        ])
        try store.step(.tapButton("Create Account"), state: "Navigation[TourViewController › AccountViewController] ⇒ formSheet Navigation[NameStepViewController]", trace: [
            "AccountViewController.shouldPerformSegue(CreateAccount) → true",
            "segue present \"CreateAccount\" AccountViewController → NavigationController \"Name\"",
            "AccountViewController.prepare(CreateAccount)",
            "NavigationController \"Name\".viewDidLoad",
            "NameStepViewController.viewDidLoad",
            "NavigationController \"Name\".viewWillAppear",
            "NameStepViewController.viewWillAppear",
            "NavigationController \"Name\".viewDidAppear",
            "NameStepViewController.viewDidAppear",
        ])
        try store.step(.tapBarButton("Cancel"), state: "Navigation[TourViewController › AccountViewController]", trace: [
            "NameStepViewController.shouldPerformSegue(Cancel) → true",
            "segue unwind \"Cancel\" NameStepViewController → AccountViewController",
            "NameStepViewController.prepare(Cancel)",
            "AccountViewController.cancelAccount:",
            "NavigationController \"Name\".viewWillDisappear",
            "NameStepViewController.viewWillDisappear",
            "NavigationController \"Name\".viewDidDisappear",
            "NameStepViewController.viewDidDisappear",
            "NavigationController \"Name\" released",
            "NameStepViewController released",
        ])
        let presenter = try #require(tour.driver.top as? AccountViewController)
        #expect(presenter.account == nil)
        #expect(presenter.statusLabel?.text == "No account yet.")
    }

    // MARK: Dungeon

    /// Opens the dungeon from the start screen. Only the selected tab appears, once; the map
    /// tab, never shown, gets no calls.
    private func openDungeon(_ store: NavigationStore) throws -> DungeonTabBarController {
        try store.step(.tapRow("Dungeon"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]]", trace: [
            "TourViewController.shouldPerformSegue(PlayDungeon) → true",
            "segue present \"PlayDungeon\" TourViewController → DungeonTabBarController",
            "TourViewController.prepare(PlayDungeon)",
            "DungeonTabBarController.viewDidLoad",
            "NavigationController \"Dungeon Plunder\".viewDidLoad",
            "GameViewController.viewDidLoad",
            "NavigationController \"Segue Tour\".viewWillDisappear",
            "TourViewController.viewWillDisappear",
            "DungeonTabBarController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewWillAppear",
            "GameViewController.viewWillAppear",
            "DungeonTabBarController.viewDidAppear",
            "NavigationController \"Dungeon Plunder\".viewDidAppear",
            "GameViewController.viewDidAppear",
            "NavigationController \"Segue Tour\".viewDidDisappear",
            "TourViewController.viewDidDisappear",
        ])
        return try #require(store.driver.application.presentationLayers.last?.controller as? DungeonTabBarController)
    }

    @Test func theDungeonMixesCodeAndTwoStoryboards() throws {
        let tour = try RunningTour()
        let tabs = try openDungeon(try tour.store())
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

    @Test func tabsKeepTheirStacks() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        _ = try openDungeon(store)
        try store.step(.selectTab(2), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | Navigation[DungeonMapViewController] | *Navigation[InventoryViewController]]", trace: [
            "tab GameViewController → InventoryViewController",
            "NavigationController \"Inventory\".viewDidLoad",
            "InventoryViewController.viewDidLoad",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "NavigationController \"Inventory\".viewWillAppear",
            "InventoryViewController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
            "NavigationController \"Inventory\".viewDidAppear",
            "InventoryViewController.viewDidAppear",
        ])
        let grid = try #require(tour.driver.first(CollectionView.self))
        #expect(grid.numberOfItems == InventoryItem.samples.count)
        #expect(grid.cellForItem(at: 1)?.title == "Buckler")
        try store.step(.perform("select item 1", { _ in grid.selectItem(at: 1) }), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | Navigation[DungeonMapViewController] | *Navigation[InventoryViewController › ItemDetailViewController]]", trace: [
            "InventoryViewController.shouldPerformSegue(ItemDetail) → true",
            "segue show \"ItemDetail\" InventoryViewController → ItemDetailViewController",
            "InventoryViewController.prepare(ItemDetail)",
            "ItemDetailViewController.viewDidLoad",
            "InventoryViewController.viewWillDisappear",
            "ItemDetailViewController.viewWillAppear",
            "InventoryViewController.viewDidDisappear",
            "ItemDetailViewController.viewDidAppear",
        ])
        let item = try #require(tour.driver.top as? ItemDetailViewController)
        #expect(item.kindLabel?.text == "Armor")

        try store.step(.selectTab(1), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | *Navigation[DungeonMapViewController] | Navigation[InventoryViewController › ItemDetailViewController]]", trace: [
            "tab ItemDetailViewController → DungeonMapViewController",
            "NavigationController \"Dungeon Map\".viewDidLoad",
            "DungeonMapViewController.viewDidLoad",
            "NavigationController \"Inventory\".viewWillDisappear",
            "ItemDetailViewController.viewWillDisappear",
            "NavigationController \"Dungeon Map\".viewWillAppear",
            "DungeonMapViewController.viewWillAppear",
            "NavigationController \"Inventory\".viewDidDisappear",
            "ItemDetailViewController.viewDidDisappear",
            "NavigationController \"Dungeon Map\".viewDidAppear",
            "DungeonMapViewController.viewDidAppear",
        ])
        let map = try #require(tour.driver.top as? DungeonMapViewController)
        #expect(map.drawnRows.contains { $0.contains("@") })
        try store.step(.selectTab(2), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | Navigation[DungeonMapViewController] | *Navigation[InventoryViewController › ItemDetailViewController]]", trace: [
            "tab DungeonMapViewController → ItemDetailViewController",
            "NavigationController \"Dungeon Map\".viewWillDisappear",
            "DungeonMapViewController.viewWillDisappear",
            "NavigationController \"Inventory\".viewWillAppear",
            "ItemDetailViewController.viewWillAppear",
            "NavigationController \"Dungeon Map\".viewDidDisappear",
            "DungeonMapViewController.viewDidDisappear",
            "NavigationController \"Inventory\".viewDidAppear",
            "ItemDetailViewController.viewDidAppear",
        ])
        #expect(tour.driver.top === item)

        try store.step(.tapButton("Location Found"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | Navigation[DungeonMapViewController] | *Navigation[InventoryViewController › ItemDetailViewController › DungeonMapViewController]]", trace: [
            "ItemDetailViewController.shouldPerformSegue(ShowLocation) → true",
            "segue show \"ShowLocation\" ItemDetailViewController → DungeonMapViewController",
            "ItemDetailViewController.prepare(ShowLocation)",
            "DungeonMapViewController.viewDidLoad",
            "ItemDetailViewController.viewWillDisappear",
            "DungeonMapViewController.viewWillAppear",
            "ItemDetailViewController.viewDidDisappear",
            "DungeonMapViewController.viewDidAppear",
        ])
        let found = try #require(tour.driver.top as? DungeonMapViewController)
        let rows = found.drawnRows
        let buckler = InventoryItem.samples[1]
        #expect(Array(rows[buckler.foundY + 1])[buckler.foundX + 1] == "*")
        #expect(!rows.joined().contains("@"))
    }

    @Test func runningOutOfLifeFiresTheManualSegue() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        let tabs = try openDungeon(store)
        let game = try #require(tour.driver.top as? GameViewController)
        try store.step(.keyCommand("-"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]]", trace: [])
        try store.step(.keyCommand("-"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]]", trace: [])
        // performSegue from code does not ask shouldPerformSegue.
        try store.step(.keyCommand("-"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]] ⇒ fullScreen ViewController \"Game Over\"", trace: [
            "segue present \"GameOver\" DungeonTabBarController → ViewController \"Game Over\"",
            "DungeonTabBarController.prepare(GameOver)",
            "ViewController \"Game Over\".viewDidLoad",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "ViewController \"Game Over\".viewWillAppear",
            "ViewController \"Game Over\".viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
        ])
        #expect(tour.driver.title == "Game Over")

        // The map tab is selected under Game Over.
        try store.step(.perform("select the map tab", { _ in tabs.select(1) }), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | *Navigation[DungeonMapViewController] | Navigation[InventoryViewController]] ⇒ fullScreen ViewController \"Game Over\"", trace: [
            "tab GameViewController → DungeonMapViewController",
        ])
        try store.step(.tapButton("Play Again"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]]", trace: [
            "ViewController \"Game Over\".shouldPerformSegue(PlayAgain) → true",
            "segue unwind \"PlayAgain\" ViewController \"Game Over\" → DungeonTabBarController",
            "ViewController \"Game Over\".prepare(PlayAgain)",
            "DungeonTabBarController.playAgain:",
            "tab DungeonMapViewController → GameViewController",
            "ViewController \"Game Over\".viewWillDisappear",
            "DungeonTabBarController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewWillAppear",
            "GameViewController.viewWillAppear",
            "DungeonTabBarController.viewDidAppear",
            "NavigationController \"Dungeon Plunder\".viewDidAppear",
            "GameViewController.viewDidAppear",
            "ViewController \"Game Over\".viewDidDisappear",
            "ViewController \"Game Over\" released",
        ])
        #expect(tabs.hero.life == Hero.maximumLife)
        #expect(tour.driver.top === game)
    }

    @Test func theErrorSceneIsReachedByIdentifierWithNoSegue() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        _ = try openDungeon(store)
        try store.step(.keyCommand("e"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]] ⇒ fullScreen ServerErrorViewController", trace: [
            "present GameViewController → ServerErrorViewController",
            "ServerErrorViewController.viewDidLoad",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "ServerErrorViewController.viewWillAppear",
            "ServerErrorViewController.viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
        ])
        #expect(tour.driver.top is ServerErrorViewController)
        try store.step(.tapButton("OK"), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[*Navigation[GameViewController] | Navigation[DungeonMapViewController] | Navigation[InventoryViewController]]", trace: [
            "ServerErrorViewController ← acknowledge:",
            "dismiss ServerErrorViewController → GameViewController",
            "ServerErrorViewController.viewWillDisappear",
            "DungeonTabBarController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewWillAppear",
            "GameViewController.viewWillAppear",
            "DungeonTabBarController.viewDidAppear",
            "NavigationController \"Dungeon Plunder\".viewDidAppear",
            "GameViewController.viewDidAppear",
            "ServerErrorViewController.viewDidDisappear",
            "ServerErrorViewController released",
        ])
        #expect(tour.driver.top is GameViewController)
    }

    @Test func closeUnwindsToTheStartScreenFromEitherTab() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        _ = try openDungeon(store)
        try store.step(.selectTab(1), state: "Navigation[TourViewController] ⇒ fullScreen DungeonTabBarController[Navigation[GameViewController] | *Navigation[DungeonMapViewController] | Navigation[InventoryViewController]]", trace: [
            "tab GameViewController → DungeonMapViewController",
            "NavigationController \"Dungeon Map\".viewDidLoad",
            "DungeonMapViewController.viewDidLoad",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "NavigationController \"Dungeon Map\".viewWillAppear",
            "DungeonMapViewController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
            "NavigationController \"Dungeon Map\".viewDidAppear",
            "DungeonMapViewController.viewDidAppear",
        ])
        try store.step(.tapBarButton("Close"), state: "Navigation[TourViewController]", trace: [
            "DungeonMapViewController.shouldPerformSegue(Close) → true",
            "segue unwind \"Close\" DungeonMapViewController → TourViewController",
            "DungeonMapViewController.prepare(Close)",
            "TourViewController.unwindToTour:",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Map\".viewWillDisappear",
            "DungeonMapViewController.viewWillDisappear",
            "NavigationController \"Segue Tour\".viewWillAppear",
            "TourViewController.viewWillAppear",
            "NavigationController \"Segue Tour\".viewDidAppear",
            "TourViewController.viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Map\".viewDidDisappear",
            "DungeonMapViewController.viewDidDisappear",
            "DungeonTabBarController released",
            "NavigationController \"Dungeon Plunder\" released",
            "GameViewController released",
            "NavigationController \"Dungeon Map\" released",
            "DungeonMapViewController released",
            "NavigationController \"Inventory\" released",
            "InventoryViewController released",
        ])
        let start = try #require(tour.driver.top as? TourViewController)
        #expect(start.returns == 1)

        _ = try openDungeon(store)
        #expect(tour.driver.top is GameViewController)
        try store.step(.tapBarButton("Close"), state: "Navigation[TourViewController]", trace: [
            "segue unwind \"CloseDungeon\" DungeonTabBarController → TourViewController",
            "DungeonTabBarController.prepare(CloseDungeon)",
            "TourViewController.unwindToTour:",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "NavigationController \"Segue Tour\".viewWillAppear",
            "TourViewController.viewWillAppear",
            "NavigationController \"Segue Tour\".viewDidAppear",
            "TourViewController.viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
            "DungeonTabBarController released",
            "NavigationController \"Dungeon Plunder\" released",
            "GameViewController released",
            "NavigationController \"Dungeon Map\" released",
            "DungeonMapViewController released",
            "NavigationController \"Inventory\" released",
            "InventoryViewController released",
        ])
        #expect(start.returns == 2)
    }

    // MARK: States

    @Test func theEmbedSegueHandsTheRegionOverBeforeTheMapLoads() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        try store.step(.tapRow("States"), state: "Navigation[TourViewController › StatesViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowStates) → true",
            "segue show \"ShowStates\" TourViewController → StatesViewController",
            "TourViewController.prepare(ShowStates)",
            "StatesViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "StatesViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "StatesViewController.viewDidAppear",
        ])
        #expect(tour.driver.rowTitles() == StateInfo.samples.map(\.name))
        try store.step(.tapRow("Texas"), state: "Navigation[TourViewController › StatesViewController › StateDetailViewController{RegionMapViewController}]", trace: [
            "StatesViewController.shouldPerformSegue(ShowState) → true",
            "segue show \"ShowState\" StatesViewController → StateDetailViewController",
            "StatesViewController.prepare(ShowState)",
            "segue embed \"EmbedMap\" StateDetailViewController → RegionMapViewController",
            "StateDetailViewController.prepare(EmbedMap)",
            "RegionMapViewController.viewDidLoad",
            "StateDetailViewController.viewDidLoad",
            "StatesViewController.viewWillDisappear",
            "StateDetailViewController.viewWillAppear",
            "RegionMapViewController.viewWillAppear",
            "StatesViewController.viewDidDisappear",
            "StateDetailViewController.viewDidAppear",
            "RegionMapViewController.viewDidAppear",
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
        let store = try tour.store()
        try store.step(.tapRow("Custom Segue"), state: "Navigation[TourViewController › CustomSegueViewController]", trace: Self.toCustomSegue)
        try store.step(.tapButton("Next"), state: "Navigation[TourViewController › CustomSegueViewController › ViewController \"Dissolved\"]", trace: Self.dissolve)
        #expect(tour.effects == [.dissolve])
    }

    @Test func theEffectCanBeTurnedOff() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        try store.step(.tapRow("Custom Segue"), state: "Navigation[TourViewController › CustomSegueViewController]", trace: Self.toCustomSegue)
        let toggle = try #require(tour.driver.first(Switch.self))
        try store.step(.perform("dissolve off", { _ in toggle.toggle() }), state: "Navigation[TourViewController › CustomSegueViewController]", trace: [
            "CustomSegueViewController ← toggleDissolve:",
            "note: dissolve off",
        ])
        #expect(!toggle.isOn)
        try store.step(.tapButton("Next"), state: "Navigation[TourViewController › CustomSegueViewController › ViewController \"Dissolved\"]", trace: [
            "CustomSegueViewController.shouldPerformSegue(Dissolve) → true",
            "segue custom \"Dissolve\" CustomSegueViewController → ViewController \"Dissolved\"",
            "CustomSegueViewController.prepare(Dissolve)",
            "ViewController \"Dissolved\".viewDidLoad",
            "CustomSegueViewController.viewWillDisappear",
            "ViewController \"Dissolved\".viewWillAppear",
            "CustomSegueViewController.viewDidDisappear",
            "ViewController \"Dissolved\".viewDidAppear",
        ])
        #expect(tour.effects.isEmpty)
        #expect(tour.driver.stack == ["Segue Tour", "Custom Segue", "Dissolved"])
        try store.step(.back, state: "Navigation[TourViewController › CustomSegueViewController]", trace: [
            "pop ViewController \"Dissolved\" → CustomSegueViewController",
            "ViewController \"Dissolved\".viewWillDisappear",
            "CustomSegueViewController.viewWillAppear",
            "ViewController \"Dissolved\".viewDidDisappear",
            "CustomSegueViewController.viewDidAppear",
            "ViewController \"Dissolved\" released",
        ])
        try store.step(.perform("dissolve on", { _ in toggle.toggle() }), state: "Navigation[TourViewController › CustomSegueViewController]", trace: [
            "CustomSegueViewController ← toggleDissolve:",
            "note: dissolve on",
        ])
        try store.step(.tapButton("Next"), state: "Navigation[TourViewController › CustomSegueViewController › ViewController \"Dissolved\"]", trace: Self.dissolve)
        #expect(tour.effects == [.dissolve])
    }

    @Test func everyExampleComesBackToTheStartScreen() throws {
        let tour = try RunningTour()
        let store = try tour.store()
        try store.step(.tapRow("Events"), state: "Navigation[TourViewController › EventsViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowEvents) → true",
            "segue show \"ShowEvents\" TourViewController → EventsViewController",
            "TourViewController.prepare(ShowEvents)",
            "EventsViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "EventsViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "EventsViewController.viewDidAppear",
        ])
        try store.step(.back, state: "Navigation[TourViewController]", trace: [
            "pop EventsViewController → TourViewController",
            "EventsViewController.viewWillDisappear",
            "TourViewController.viewWillAppear",
            "EventsViewController.viewDidDisappear",
            "TourViewController.viewDidAppear",
            "EventsViewController released",
        ])
        try store.step(.tapRow("Account"), state: "Navigation[TourViewController › AccountViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowAccount) → true",
            "segue show \"ShowAccount\" TourViewController → AccountViewController",
            "TourViewController.prepare(ShowAccount)",
            "AccountViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "AccountViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "AccountViewController.viewDidAppear",
        ])
        try store.step(.back, state: "Navigation[TourViewController]", trace: [
            "pop AccountViewController → TourViewController",
            "AccountViewController.viewWillDisappear",
            "TourViewController.viewWillAppear",
            "AccountViewController.viewDidDisappear",
            "TourViewController.viewDidAppear",
            "AccountViewController released",
        ])
        try store.step(.tapRow("States"), state: "Navigation[TourViewController › StatesViewController]", trace: [
            "TourViewController.shouldPerformSegue(ShowStates) → true",
            "segue show \"ShowStates\" TourViewController → StatesViewController",
            "TourViewController.prepare(ShowStates)",
            "StatesViewController.viewDidLoad",
            "TourViewController.viewWillDisappear",
            "StatesViewController.viewWillAppear",
            "TourViewController.viewDidDisappear",
            "StatesViewController.viewDidAppear",
        ])
        try store.step(.back, state: "Navigation[TourViewController]", trace: [
            "pop StatesViewController → TourViewController",
            "StatesViewController.viewWillDisappear",
            "TourViewController.viewWillAppear",
            "StatesViewController.viewDidDisappear",
            "TourViewController.viewDidAppear",
            "StatesViewController released",
        ])
        try store.step(.tapRow("Custom Segue"), state: "Navigation[TourViewController › CustomSegueViewController]", trace: Self.toCustomSegue)
        try store.step(.back, state: "Navigation[TourViewController]", trace: [
            "pop CustomSegueViewController → TourViewController",
            "CustomSegueViewController.viewWillDisappear",
            "TourViewController.viewWillAppear",
            "CustomSegueViewController.viewDidDisappear",
            "TourViewController.viewDidAppear",
            "CustomSegueViewController released",
        ])
        _ = try openDungeon(store)
        try store.step(.tapBarButton("Close"), state: "Navigation[TourViewController]", trace: [
            "segue unwind \"CloseDungeon\" DungeonTabBarController → TourViewController",
            "DungeonTabBarController.prepare(CloseDungeon)",
            "TourViewController.unwindToTour:",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "NavigationController \"Segue Tour\".viewWillAppear",
            "TourViewController.viewWillAppear",
            "NavigationController \"Segue Tour\".viewDidAppear",
            "TourViewController.viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
            "DungeonTabBarController released",
            "NavigationController \"Dungeon Plunder\" released",
            "GameViewController released",
            "NavigationController \"Dungeon Map\" released",
            "DungeonMapViewController released",
            "NavigationController \"Inventory\" released",
            "InventoryViewController released",
        ])
    }
}

// MARK: What the steps leave and record
extension TourTests {
    /// Next dissolves to the next screen.
    static let dissolve = [
        "CustomSegueViewController.shouldPerformSegue(Dissolve) → true",
        "segue custom \"Dissolve\" CustomSegueViewController → ViewController \"Dissolved\"",
        "CustomSegueViewController.prepare(Dissolve)",
        "note: transition effect dissolve",
        "ViewController \"Dissolved\".viewDidLoad",
        "CustomSegueViewController.viewWillDisappear",
        "ViewController \"Dissolved\".viewWillAppear",
        "CustomSegueViewController.viewDidDisappear",
        "ViewController \"Dissolved\".viewDidAppear",
    ]

    /// Custom Segue pushes its example.
    static let toCustomSegue = [
        "TourViewController.shouldPerformSegue(ShowCustomSegue) → true",
        "segue show \"ShowCustomSegue\" TourViewController → CustomSegueViewController",
        "TourViewController.prepare(ShowCustomSegue)",
        "CustomSegueViewController.viewDidLoad",
        "TourViewController.viewWillDisappear",
        "CustomSegueViewController.viewWillAppear",
        "TourViewController.viewDidDisappear",
        "CustomSegueViewController.viewDidAppear",
    ]
}
