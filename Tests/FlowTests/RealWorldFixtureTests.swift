import Flow
import Foundation
import Testing
import TestSupport

/// Storyboards written the way each Xcode generation writes them, from format 1.1 (numeric
/// ids, placeholder before the controller) to Xcode 15 (system colours, button
/// configurations), run headless with generic controllers.
enum RealWorld {
    static let files = [
        "Recipes-v1.1", "Checklist-v2.0", "Palettes-4514", "Weather-6254", "Journal-14113",
        "Profile-22505", "Store-Main", "Store-Account", "Slides-custom", "Dashboard-embed",
        "Notes-popover", "Mail-split",
    ]

    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Fixtures/RealWorld"))
    }

    static func load(_ name: String) throws -> LoadedStoryboard {
        try StoryboardLoader.load(contentsOf: url(name))
    }

    /// The file's application launched on the exhaustive step: the launch is its first step,
    /// stated whole.
    static func store(
        _ name: String, registry: ClassRegistry = ClassRegistry(), state: String, trace: [String]
    ) throws -> NavigationStore {
        let application = Application(registry: registry)
        let storyboard = try application.storyboard(contentsOf: url(name))
        return try withExtendedLifetime(application) {
            try NavigationStore(launching: storyboard, state: state, trace: trace)
        }
    }
}

@Suite struct RealWorldFixtureTests {
    @Test(arguments: RealWorld.files)
    func loadsWithWarningsAtMost(_ name: String) throws {
        let loaded = try RealWorld.load(name)
        #expect(loaded.warnings.allSatisfy { $0.severity == .warning })
        #expect(!loaded.document.controllers.isEmpty)
        // Every scene becomes a node of the graph; the lints run without complaint.
        let dot = GraphExporter.dot(loaded.document)
        for index in loaded.document.controllers.indices {
            #expect(dot.contains("    n\(index) [label="))
        }
        #expect(StoryboardLinter.lint(loaded.document, registry: ClassRegistry()) == [])
    }

    @Test func formatOnePointOneWithNumericIDs() throws {
        let loaded = try RealWorld.load("Recipes-v1.1")
        #expect(loaded.document.formatVersion == "1.1")
        #expect(loaded.document.initialControllerID == "3")
        let list = try #require(loaded.document.controller(id: "12"))
        // The cell's content view has no id in this generation: the cell's id stands in.
        #expect(list.tableView?.prototypes.first?.contentView.id == "23.content")

        let store = try RealWorld.store("Recipes-v1.1", state: "Navigation[RecipesViewController]", trace: [
            "root RecipesViewController",
            "NavigationController \"Recipes\".viewDidLoad",
            "RecipesViewController.viewDidLoad",
            "NavigationController \"Recipes\".viewWillAppear",
            "RecipesViewController.viewWillAppear",
            "NavigationController \"Recipes\".viewDidAppear",
            "RecipesViewController.viewDidAppear",
        ])
        let driver = store.driver
        #expect(driver.stack == ["Recipes"])
        #expect(driver.rowTitles() == ["Recipe"])
        try store.step(.tapRow("Recipe"), state: "Navigation[RecipesViewController › RecipeViewController]", trace: [
            "RecipesViewController.shouldPerformSegue(ShowRecipe) → true",
            "segue show \"ShowRecipe\" RecipesViewController → RecipeViewController",
            "RecipesViewController.prepare(ShowRecipe)",
            "RecipeViewController.viewDidLoad",
            "RecipesViewController.viewWillDisappear",
            "RecipeViewController.viewWillAppear",
            "RecipesViewController.viewDidDisappear",
            "RecipeViewController.viewDidAppear",
        ])
        #expect(driver.stack == ["Recipes", "Recipe"])
        try store.step(.back, state: "Navigation[RecipesViewController]", trace: [
            "pop RecipeViewController → RecipesViewController",
            "RecipeViewController.viewWillDisappear",
            "RecipesViewController.viewWillAppear",
            "RecipeViewController.viewDidDisappear",
            "RecipesViewController.viewDidAppear",
            "RecipeViewController released",
        ])
        try store.step(.tapBarButton("+"), state: "Navigation[RecipesViewController] ⇒ fullScreen Navigation[AddRecipeViewController]", trace: [
            "RecipesViewController.shouldPerformSegue(AddRecipe) → true",
            "segue present \"AddRecipe\" RecipesViewController → NavigationController \"Add Recipe\"",
            "RecipesViewController.prepare(AddRecipe)",
            "NavigationController \"Add Recipe\".viewDidLoad",
            "AddRecipeViewController.viewDidLoad",
            "NavigationController \"Recipes\".viewWillDisappear",
            "RecipesViewController.viewWillDisappear",
            "NavigationController \"Add Recipe\".viewWillAppear",
            "AddRecipeViewController.viewWillAppear",
            "NavigationController \"Add Recipe\".viewDidAppear",
            "AddRecipeViewController.viewDidAppear",
            "NavigationController \"Recipes\".viewDidDisappear",
            "RecipesViewController.viewDidDisappear",
        ])
        #expect(driver.stack == ["Add Recipe"])
        let field = try #require(driver.cell(at: IndexPath(row: 0, section: 0))?.contentView.first(TextField.self))
        #expect(field.placeholder == "Recipe name")
        field.setText("Bread")
        #expect(field.text == "Bread")
    }

    @Test func formatTwoPointOhUnwindsWithAndWithoutCode() throws {
        let loaded = try RealWorld.load("Checklist-v2.0")
        #expect(loaded.document.formatVersion == "2.0")
        #expect(loaded.document.controller(id: "Add-Vc-6tt")?.exitID == "Ext-9q-0Jj")

        // Generic classes: nobody declares done:, so the source goes back one level.
        let generic = try RealWorld.store("Checklist-v2.0", state: Self.checklist, trace: Self.checklistLaunch)
        try generic.step(.tapBarButton("+"), state: Self.checklistAdding, trace: Self.checklistAdd)
        try generic.step(.tapBarButton("Done"), state: Self.checklist, trace: [
            "AddItemViewController.shouldPerformSegue(ReturnInput) → true",
            "warning: no class declares the unwind action done:; going back one level",
            "dismiss AddItemViewController → ChecklistViewController",
        ] + Self.addItemCloses)
        #expect(generic.driver.application.warnings.last?.contains("going back one level") == true)

        // With the list's class registered, done: finds it and runs.
        let registry = ClassRegistry()
        registry.register(ChecklistController.self, as: "ChecklistViewController")
        let store = try RealWorld.store("Checklist-v2.0", registry: registry, state: Self.checklist, trace: Self.checklistLaunch)
        try store.step(.tapBarButton("+"), state: Self.checklistAdding, trace: Self.checklistAdd)
        try store.step(.tapBarButton("Done"), state: Self.checklist, trace: [
            "AddItemViewController.shouldPerformSegue(ReturnInput) → true",
            "segue unwind \"ReturnInput\" AddItemViewController → ChecklistViewController",
            "AddItemViewController.prepare(ReturnInput)",
            "ChecklistViewController.done:",
        ] + Self.addItemCloses)
        let list = try #require(store.driver.top as? ChecklistController)
        #expect(list.received == ["done:"])
    }

    @Test func xcodeFiveFileWithLayoutGuides() throws {
        let store = try RealWorld.store("Palettes-4514", state: "Navigation[PalettesViewController]", trace: [
            "root PalettesViewController",
            "NavigationController \"Palettes\".viewDidLoad",
            "PalettesViewController.viewDidLoad",
            "NavigationController \"Palettes\".viewWillAppear",
            "PalettesViewController.viewWillAppear",
            "NavigationController \"Palettes\".viewDidAppear",
            "PalettesViewController.viewDidAppear",
        ])
        let driver = store.driver
        #expect(driver.rowTitles() == ["Warm", "Cool"])
        try store.step(.tapRow("Cool"), state: "Navigation[PalettesViewController › PaletteViewController]", trace: [
            "PalettesViewController.shouldPerformSegue(ShowCool) → true",
            "segue show \"ShowCool\" PalettesViewController → PaletteViewController",
            "PalettesViewController.prepare(ShowCool)",
            "PaletteViewController.viewDidLoad",
            "PalettesViewController.viewWillDisappear",
            "PaletteViewController.viewWillAppear",
            "PalettesViewController.viewDidDisappear",
            "PaletteViewController.viewDidAppear",
        ])
        #expect(driver.stack == ["Palettes", "PaletteViewController"])
        #expect(driver.first(Slider.self)?.value == 0.5)
        try store.step(.tapBarButton("Share"), state: "Navigation[PalettesViewController › PaletteViewController] ⇒ fullScreen ShareViewController", trace: [
            "PaletteViewController.shouldPerformSegue(SharePalette) → true",
            "segue present \"SharePalette\" PaletteViewController → ShareViewController",
            "PaletteViewController.prepare(SharePalette)",
            "ShareViewController.viewDidLoad",
            "NavigationController \"Palettes\".viewWillDisappear",
            "PaletteViewController.viewWillDisappear",
            "ShareViewController.viewWillAppear",
            "ShareViewController.viewDidAppear",
            "NavigationController \"Palettes\".viewDidDisappear",
            "PaletteViewController.viewDidDisappear",
        ])
        #expect(driver.title == "Share")
    }

    @Test func traitCollectionEraShowAndPresentation() throws {
        let store = try RealWorld.store("Weather-6254", state: "Navigation[CitiesViewController]", trace: [
            "root CitiesViewController",
            "NavigationController \"Cities\".viewDidLoad",
            "CitiesViewController.viewDidLoad",
            "NavigationController \"Cities\".viewWillAppear",
            "CitiesViewController.viewWillAppear",
            "NavigationController \"Cities\".viewDidAppear",
            "CitiesViewController.viewDidAppear",
        ])
        let driver = store.driver
        try store.step(.tapRow("City"), state: "Navigation[CitiesViewController › ForecastViewController]", trace: [
            "CitiesViewController.shouldPerformSegue(ShowForecast) → true",
            "segue show \"ShowForecast\" CitiesViewController → ForecastViewController",
            "CitiesViewController.prepare(ShowForecast)",
            "ForecastViewController.viewDidLoad",
            "CitiesViewController.viewWillDisappear",
            "ForecastViewController.viewWillAppear",
            "CitiesViewController.viewDidDisappear",
            "ForecastViewController.viewDidAppear",
        ])
        #expect(driver.stack == ["Cities", "Forecast"])
        try store.step(.back, state: "Navigation[CitiesViewController]", trace: [
            "pop ForecastViewController → CitiesViewController",
            "ForecastViewController.viewWillDisappear",
            "CitiesViewController.viewWillAppear",
            "ForecastViewController.viewDidDisappear",
            "CitiesViewController.viewDidAppear",
            "ForecastViewController released",
        ])
        try store.step(.tapBarButton("Settings"), state: "Navigation[CitiesViewController] ⇒ fullScreen Navigation[SettingsViewController]", trace: [
            "CitiesViewController.shouldPerformSegue(ShowSettings) → true",
            "segue present \"ShowSettings\" CitiesViewController → NavigationController \"Settings\"",
            "CitiesViewController.prepare(ShowSettings)",
            "NavigationController \"Settings\".viewDidLoad",
            "SettingsViewController.viewDidLoad",
            "NavigationController \"Cities\".viewWillDisappear",
            "CitiesViewController.viewWillDisappear",
            "NavigationController \"Settings\".viewWillAppear",
            "SettingsViewController.viewWillAppear",
            "NavigationController \"Settings\".viewDidAppear",
            "SettingsViewController.viewDidAppear",
            "NavigationController \"Cities\".viewDidDisappear",
            "CitiesViewController.viewDidDisappear",
        ])
        #expect(driver.stack == ["Settings"])
        #expect(driver.cell(at: IndexPath(row: 0, section: 0))?.contentView.first(Switch.self)?.isOn == true)
        #expect(driver.table?.titleForFooter(inSection: 0) == "Temperatures follow the system unless this is on.")
    }

    @Test func safeAreaEraTabBarKeepsEachStack() throws {
        let store = try RealWorld.store("Journal-14113", state: "Tabs[*Navigation[EntriesViewController] | Navigation[ViewController \"Search\"] | MeViewController]", trace: [
            "root EntriesViewController",
            "TabBarController \"Tb0-xG-4kR\".viewDidLoad",
            "NavigationController \"Entries\".viewDidLoad",
            "EntriesViewController.viewDidLoad",
            "TabBarController \"Tb0-xG-4kR\".viewWillAppear",
            "NavigationController \"Entries\".viewWillAppear",
            "EntriesViewController.viewWillAppear",
            "TabBarController \"Tb0-xG-4kR\".viewDidAppear",
            "NavigationController \"Entries\".viewDidAppear",
            "EntriesViewController.viewDidAppear",
        ])
        let tabs = try #require(store.driver.application.rootViewController as? TabBarController)
        #expect((0..<tabs.viewControllers.count).map { tabs.title(ofTab: $0) } == ["Entries", "search", "Me"])
        try store.step(.tapRow("A quiet morning"), state: "Tabs[*Navigation[EntriesViewController › EntryViewController] | Navigation[ViewController \"Search\"] | MeViewController]", trace: [
            "EntriesViewController.shouldPerformSegue(ShowEntry) → true",
            "segue show \"ShowEntry\" EntriesViewController → EntryViewController",
            "EntriesViewController.prepare(ShowEntry)",
            "EntryViewController.viewDidLoad",
            "EntriesViewController.viewWillDisappear",
            "EntryViewController.viewWillAppear",
            "EntriesViewController.viewDidDisappear",
            "EntryViewController.viewDidAppear",
        ])
        #expect(store.driver.stack == ["Entries", "Entry"])
        try store.step(.selectTab(1), state: "Tabs[Navigation[EntriesViewController › EntryViewController] | *Navigation[ViewController \"Search\"] | MeViewController]", trace: [
            "tab EntryViewController → ViewController \"Search\"",
            "NavigationController \"Search\".viewDidLoad",
            "ViewController \"Search\".viewDidLoad",
            "NavigationController \"Entries\".viewWillDisappear",
            "EntryViewController.viewWillDisappear",
            "NavigationController \"Search\".viewWillAppear",
            "ViewController \"Search\".viewWillAppear",
            "NavigationController \"Entries\".viewDidDisappear",
            "EntryViewController.viewDidDisappear",
            "NavigationController \"Search\".viewDidAppear",
            "ViewController \"Search\".viewDidAppear",
        ])
        try store.step(.selectTab(0), state: "Tabs[*Navigation[EntriesViewController › EntryViewController] | Navigation[ViewController \"Search\"] | MeViewController]", trace: [
            "tab ViewController \"Search\" → EntryViewController",
            "NavigationController \"Search\".viewWillDisappear",
            "ViewController \"Search\".viewWillDisappear",
            "NavigationController \"Entries\".viewWillAppear",
            "EntryViewController.viewWillAppear",
            "NavigationController \"Search\".viewDidDisappear",
            "ViewController \"Search\".viewDidDisappear",
            "NavigationController \"Entries\".viewDidAppear",
            "EntryViewController.viewDidAppear",
        ])
        #expect(store.driver.stack == ["Entries", "Entry"])
    }

    @Test func xcodeFifteenFormSheetAndUnwind() throws {
        let loaded = try RealWorld.load("Profile-22505")
        let profile = try #require(loaded.document.controller(id: "Y6W-OH-hqX"))
        // System colours have no fixed value; the button's configuration title wins.
        #expect(profile.view?.backgroundColor == nil)
        #expect(profile.view?.allViews.contains { if case .button("Edit Profile") = $0.kind { true } else { false } } == true)

        let registry = ClassRegistry()
        registry.register(ProfileController.self, as: "ProfileViewController")
        let store = try RealWorld.store("Profile-22505", registry: registry, state: "ProfileViewController", trace: [
            "root ProfileViewController",
            "ProfileViewController.viewDidLoad",
            "ProfileViewController.viewWillAppear",
            "ProfileViewController.viewDidAppear",
        ])
        let driver = store.driver
        try store.step(.tapButton("Edit Profile"), state: "ProfileViewController ⇒ formSheet Navigation[EditProfileViewController]", trace: [
            "ProfileViewController.shouldPerformSegue(EditProfile) → true",
            "segue present \"EditProfile\" ProfileViewController → NavigationController \"Edit Profile\"",
            "ProfileViewController.prepare(EditProfile)",
            "NavigationController \"Edit Profile\".viewDidLoad",
            "EditProfileViewController.viewDidLoad",
            "NavigationController \"Edit Profile\".viewWillAppear",
            "EditProfileViewController.viewWillAppear",
            "NavigationController \"Edit Profile\".viewDidAppear",
            "EditProfileViewController.viewDidAppear",
        ])
        #expect(driver.first(TextField.self)?.text == "Grace Hopper")
        try store.step(.tapBarButton("Save"), state: "ProfileViewController", trace: [
            "EditProfileViewController.shouldPerformSegue(SaveProfile) → true",
            "segue unwind \"SaveProfile\" EditProfileViewController → ProfileViewController",
            "EditProfileViewController.prepare(SaveProfile)",
            "ProfileViewController.saveProfileWithSegue:",
            "NavigationController \"Edit Profile\".viewWillDisappear",
            "EditProfileViewController.viewWillDisappear",
            "NavigationController \"Edit Profile\".viewDidDisappear",
            "EditProfileViewController.viewDidDisappear",
            "NavigationController \"Edit Profile\" released",
            "EditProfileViewController released",
        ])
        #expect((driver.top as? ProfileController)?.saves == 1)
    }

    @Test func storyboardReferencesContinueInTheOtherFile() throws {
        let store = try RealWorld.store("Store-Main", state: "Tabs[*Navigation[ShopViewController] | Navigation[AccountTableViewController]]", trace: [
            "root ShopViewController",
            "TabBarController \"Mt0-Tb-a1A\".viewDidLoad",
            "NavigationController \"Shop\".viewDidLoad",
            "ShopViewController.viewDidLoad",
            "TabBarController \"Mt0-Tb-a1A\".viewWillAppear",
            "NavigationController \"Shop\".viewWillAppear",
            "ShopViewController.viewWillAppear",
            "TabBarController \"Mt0-Tb-a1A\".viewDidAppear",
            "NavigationController \"Shop\".viewDidAppear",
            "ShopViewController.viewDidAppear",
        ])
        let driver = store.driver
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        #expect((0..<tabs.viewControllers.count).map { tabs.title(ofTab: $0) } == ["Shop", "Account"])
        #expect(tabs.viewControllers[1].storyboard?.name == "Store-Account")
        try store.step(.selectTab(1), state: "Tabs[Navigation[ShopViewController] | *Navigation[AccountTableViewController]]", trace: [
            "tab ShopViewController → AccountTableViewController",
            "NavigationController \"Account\".viewDidLoad",
            "AccountTableViewController.viewDidLoad",
            "NavigationController \"Shop\".viewWillDisappear",
            "ShopViewController.viewWillDisappear",
            "NavigationController \"Account\".viewWillAppear",
            "AccountTableViewController.viewWillAppear",
            "NavigationController \"Shop\".viewDidDisappear",
            "ShopViewController.viewDidDisappear",
            "NavigationController \"Account\".viewDidAppear",
            "AccountTableViewController.viewDidAppear",
        ])
        try store.step(.tapRow("Orders"), state: "Tabs[Navigation[ShopViewController] | *Navigation[AccountTableViewController › ViewController \"Orders\"]]", trace: [
            "AccountTableViewController.shouldPerformSegue(ShowOrders) → true",
            "segue show \"ShowOrders\" AccountTableViewController → ViewController \"Orders\"",
            "AccountTableViewController.prepare(ShowOrders)",
            "ViewController \"Orders\".viewDidLoad",
            "AccountTableViewController.viewWillDisappear",
            "ViewController \"Orders\".viewWillAppear",
            "AccountTableViewController.viewDidDisappear",
            "ViewController \"Orders\".viewDidAppear",
        ])
        #expect(driver.stack == ["Account", "Orders"])
        try store.step(.selectTab(0), state: "Tabs[*Navigation[ShopViewController] | Navigation[AccountTableViewController › ViewController \"Orders\"]]", trace: [
            "tab ViewController \"Orders\" → ShopViewController",
            "NavigationController \"Account\".viewWillDisappear",
            "ViewController \"Orders\".viewWillDisappear",
            "NavigationController \"Shop\".viewWillAppear",
            "ShopViewController.viewWillAppear",
            "NavigationController \"Account\".viewDidDisappear",
            "ViewController \"Orders\".viewDidDisappear",
            "NavigationController \"Shop\".viewDidAppear",
            "ShopViewController.viewDidAppear",
        ])
        // The reference names a scene by identifier in the other file; it is pushed here.
        try store.step(.tapButton("Help"), state: "Tabs[*Navigation[ShopViewController › ViewController \"Help\"] | Navigation[AccountTableViewController › ViewController \"Orders\"]]", trace: [
            "ShopViewController.shouldPerformSegue(ShowHelp) → true",
            "segue show \"ShowHelp\" ShopViewController → ViewController \"Help\"",
            "ShopViewController.prepare(ShowHelp)",
            "ViewController \"Help\".viewDidLoad",
            "ShopViewController.viewWillDisappear",
            "ViewController \"Help\".viewWillAppear",
            "ShopViewController.viewDidDisappear",
            "ViewController \"Help\".viewDidAppear",
        ])
        #expect(driver.stack == ["Shop", "Help"])
        #expect(driver.top.storyboard?.name == "Store-Account")
    }

    @Test func customSegueClassesRegisteredOrNot() throws {
        let registry = ClassRegistry()
        registry.register(segue: SlideLeftSegue.self, as: "SlideLeftSegue")
        let store = try RealWorld.store("Slides-custom", registry: registry, state: "Navigation[DecksViewController]", trace: [
            "root DecksViewController",
            "NavigationController \"Decks\".viewDidLoad",
            "DecksViewController.viewDidLoad",
            "NavigationController \"Decks\".viewWillAppear",
            "DecksViewController.viewWillAppear",
            "NavigationController \"Decks\".viewDidAppear",
            "DecksViewController.viewDidAppear",
        ])
        let driver = store.driver
        try store.step(.tapRow("Deck"), state: "Navigation[DecksViewController › SlideViewController]", trace: [
            "DecksViewController.shouldPerformSegue(OpenDeck) → true",
            "segue custom \"OpenDeck\" DecksViewController → SlideViewController",
            "DecksViewController.prepare(OpenDeck)",
            "note: slid left",
            "SlideViewController.viewDidLoad",
            "DecksViewController.viewWillDisappear",
            "SlideViewController.viewWillAppear",
            "DecksViewController.viewDidDisappear",
            "SlideViewController.viewDidAppear",
        ])
        #expect(driver.stack == ["Decks", "Slide"])
        // The unwind nobody declares goes back one level, with no segue.
        try store.step(.tapButton("Decks"), state: "Navigation[DecksViewController]", trace: [
            "SlideViewController.shouldPerformSegue(BackToDecks) → true",
            "warning: no class declares the unwind action unwindToDecks:; going back one level",
            "pop SlideViewController → DecksViewController",
            "SlideViewController.viewWillDisappear",
            "DecksViewController.viewWillAppear",
            "SlideViewController.viewDidDisappear",
            "DecksViewController.viewDidAppear",
            "SlideViewController released",
        ])
        #expect(driver.stack == ["Decks"])
        #expect(driver.application.warnings.last?.contains("unwindToDecks:") == true)
        // The manual custom segue's class isn't registered: it presents, with a warning.
        try store.step(.perform("perform ShowCredits", { $0.top.performSegue(withIdentifier: "ShowCredits", sender: nil) }), state: "Navigation[DecksViewController] ⇒ fullScreen ViewController \"Credits\"", trace: [
            "warning: segue class FlipSegue is not registered; performing it as a presentation",
            "segue custom \"ShowCredits\" DecksViewController → ViewController \"Credits\"",
            "DecksViewController.prepare(ShowCredits)",
            "ViewController \"Credits\".viewDidLoad",
            "NavigationController \"Decks\".viewWillDisappear",
            "DecksViewController.viewWillDisappear",
            "ViewController \"Credits\".viewWillAppear",
            "ViewController \"Credits\".viewDidAppear",
            "NavigationController \"Decks\".viewDidDisappear",
            "DecksViewController.viewDidDisappear",
        ])
        #expect(driver.application.warnings.contains { $0.contains("FlipSegue") })
    }

    @Test func containerViewsEmbedInFileOrder() throws {
        let store = try RealWorld.store("Dashboard-embed", state: "DashboardViewController{ActivityTableViewController, ChartViewController}", trace: [
            "root DashboardViewController",
            "segue embed \"EmbedActivity\" DashboardViewController → ActivityTableViewController",
            "DashboardViewController.prepare(EmbedActivity)",
            "ActivityTableViewController.viewDidLoad",
            "segue embed \"EmbedChart\" DashboardViewController → ChartViewController",
            "DashboardViewController.prepare(EmbedChart)",
            "ChartViewController.viewDidLoad",
            "DashboardViewController.viewDidLoad",
            "DashboardViewController.viewWillAppear",
            "ActivityTableViewController.viewWillAppear",
            "ChartViewController.viewWillAppear",
            "DashboardViewController.viewDidAppear",
            "ActivityTableViewController.viewDidAppear",
            "ChartViewController.viewDidAppear",
        ])
        let dashboard = store.driver.top
        let containers = dashboard.view.allViews.compactMap { $0 as? ContainerView }
        #expect(containers.allSatisfy { $0.embeddedViewController != nil })
        let activity = try #require(dashboard.children.first?.view.first(TableView.self))
        #expect(activity.cellForRow(at: IndexPath(row: 1, section: 0))?.title == "Swim")
        #expect(dashboard.children.last?.view.first(ProgressView.self)?.progress == 0.7)
    }

    @Test func popoverPresentationFromABarButton() throws {
        let store = try RealWorld.store("Notes-popover", state: "Navigation[NoteViewController]", trace: [
            "root NoteViewController",
            "NavigationController \"Note\".viewDidLoad",
            "NoteViewController.viewDidLoad",
            "NavigationController \"Note\".viewWillAppear",
            "NoteViewController.viewWillAppear",
            "NavigationController \"Note\".viewDidAppear",
            "NoteViewController.viewDidAppear",
        ])
        try store.step(.tapBarButton("Aa"), state: "Navigation[NoteViewController] ⇒ popover Navigation[FormattingViewController]", trace: [
            "NoteViewController.shouldPerformSegue(ShowFormatting) → true",
            "segue popover \"ShowFormatting\" NoteViewController → NavigationController \"Formatting\"",
            "NoteViewController.prepare(ShowFormatting)",
            "NavigationController \"Formatting\".viewDidLoad",
            "FormattingViewController.viewDidLoad",
            "NavigationController \"Formatting\".viewWillAppear",
            "FormattingViewController.viewWillAppear",
            "NavigationController \"Formatting\".viewDidAppear",
            "FormattingViewController.viewDidAppear",
        ])
        #expect(store.driver.stack == ["Formatting"])
        #expect(store.driver.rowTitles() == ["Body", "Heading"])
    }

    @Test func splitViewShowDetailOnACompactScreen() throws {
        let store = try RealWorld.store("Mail-split", state: "Split[Navigation[MailboxesViewController] ‖ Navigation[MessagesViewController]]", trace: [
            "root MailboxesViewController",
            "SplitViewController \"Master\".viewDidLoad",
            "NavigationController \"Master\".viewDidLoad",
            "MailboxesViewController.viewDidLoad",
            "SplitViewController \"Master\".viewWillAppear",
            "NavigationController \"Master\".viewWillAppear",
            "MailboxesViewController.viewWillAppear",
            "SplitViewController \"Master\".viewDidAppear",
            "NavigationController \"Master\".viewDidAppear",
            "MailboxesViewController.viewDidAppear",
        ])
        #expect(store.driver.title == "Mailboxes")
        try store.step(.tapRow("Inbox"), state: "Split[Navigation[MailboxesViewController › MessagesViewController] ‖ Navigation[MessagesViewController]]", trace: [
            "MailboxesViewController.shouldPerformSegue(ShowMailbox) → true",
            "segue showDetail \"ShowMailbox\" MailboxesViewController → NavigationController \"Messages\"",
            "MailboxesViewController.prepare(ShowMailbox)",
            "note: a navigation controller can't be pushed: pushing what NavigationController \"Messages\" holds instead",
            "MessagesViewController.viewDidLoad",
            "MailboxesViewController.viewWillDisappear",
            "MessagesViewController.viewWillAppear",
            "MailboxesViewController.viewDidDisappear",
            "MessagesViewController.viewDidAppear",
        ])
        #expect(store.driver.title == "Messages")
    }
}

/// The checklist's list, declaring the unwind actions the file's `<classes>` section lists.
final class ChecklistController: TableViewController {
    var received: [String] = []
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("done:", ChecklistController.done)
        table.unwind("cancel:", ChecklistController.cancel)
        return table
    }
    func done(_ segue: StoryboardSegue) { received.append("done:") }
    func cancel(_ segue: StoryboardSegue) { received.append("cancel:") }
}

/// The profile screen with its Swift-style unwind action names.
final class ProfileController: ViewController {
    var saves = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("saveProfileWithSegue:", ProfileController.save)
        return table
    }
    func save(_ segue: StoryboardSegue) { saves += 1 }
}

/// A custom segue that notes its effect, then pushes.
final class SlideLeftSegue: StoryboardSegue {
    override func perform() {
        source.application?.trace.record(.note("slid left"))
        source.show(destination, sender: self)
    }
}

// MARK: What the steps leave and record
extension RealWorldFixtureTests {
    /// The add screen leaves, the checklist comes back, and the add screen is released.
    static let addItemCloses = [
        "NavigationController \"Add Item\".viewWillDisappear",
        "AddItemViewController.viewWillDisappear",
        "NavigationController \"Checklist\".viewWillAppear",
        "ChecklistViewController.viewWillAppear",
        "NavigationController \"Checklist\".viewDidAppear",
        "ChecklistViewController.viewDidAppear",
        "NavigationController \"Add Item\".viewDidDisappear",
        "AddItemViewController.viewDidDisappear",
        "NavigationController \"Add Item\" released",
        "AddItemViewController released",
    ]

    /// The checklist's launch.
    static let checklistLaunch = [
        "root ChecklistViewController",
        "NavigationController \"Checklist\".viewDidLoad",
        "ChecklistViewController.viewDidLoad",
        "NavigationController \"Checklist\".viewWillAppear",
        "ChecklistViewController.viewWillAppear",
        "NavigationController \"Checklist\".viewDidAppear",
        "ChecklistViewController.viewDidAppear",
    ]

    /// The checklist's + presents the add screen in a navigation controller of its own.
    static let checklistAdd = [
        "ChecklistViewController.shouldPerformSegue(AddItem) → true",
        "segue present \"AddItem\" ChecklistViewController → NavigationController \"Add Item\"",
        "ChecklistViewController.prepare(AddItem)",
        "NavigationController \"Add Item\".viewDidLoad",
        "AddItemViewController.viewDidLoad",
        "NavigationController \"Checklist\".viewWillDisappear",
        "ChecklistViewController.viewWillDisappear",
        "NavigationController \"Add Item\".viewWillAppear",
        "AddItemViewController.viewWillAppear",
        "NavigationController \"Add Item\".viewDidAppear",
        "AddItemViewController.viewDidAppear",
        "NavigationController \"Checklist\".viewDidDisappear",
        "ChecklistViewController.viewDidDisappear",
    ]

    /// The checklist alone.
    static let checklist = "Navigation[ChecklistViewController]"

    /// The add screen over the checklist.
    static let checklistAdding = "Navigation[ChecklistViewController] ⇒ fullScreen Navigation[AddItemViewController]"
}
