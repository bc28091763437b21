import Flow
import Foundation
import Testing

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

    /// A running application on the file, its initial scene on screen.
    static func launch(_ name: String, registry: ClassRegistry = ClassRegistry()) throws -> (FlowDriver, Storyboard) {
        let application = Application(registry: registry)
        let storyboard = try application.storyboard(contentsOf: url(name))
        return (try FlowDriver.launch(storyboard), storyboard)
    }

    /// The segues recorded so far, as "kind identifier".
    static func segues(_ driver: FlowDriver) -> [String] {
        driver.application.trace.events.compactMap { event in
            guard case .segue(let record) = event else { return nil }
            return "\(record.kind.rawValue) \(record.identifier ?? "-")"
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

        let (driver, _) = try RealWorld.launch("Recipes-v1.1")
        #expect(driver.stack == ["Recipes"])
        #expect(driver.rowTitles() == ["Recipe"])
        try driver.tapRow("Recipe")
        #expect(driver.stack == ["Recipes", "Recipe"])
        #expect(RealWorld.segues(driver) == ["show ShowRecipe"])
        try driver.tapBack()
        try driver.tapBarButton("+")
        #expect(driver.presentationDepth == 1)
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
        let (generic, _) = try RealWorld.launch("Checklist-v2.0")
        try generic.tapBarButton("+")
        #expect(generic.presentationDepth == 1)
        try generic.tapBarButton("Done")
        #expect(generic.presentationDepth == 0)
        #expect(generic.application.warnings.last?.contains("going back one level") == true)

        // With the list's class registered, done: finds it and runs.
        let registry = ClassRegistry()
        registry.register(ChecklistController.self, as: "ChecklistViewController")
        let (driver, _) = try RealWorld.launch("Checklist-v2.0", registry: registry)
        try driver.tapBarButton("+")
        try driver.tapBarButton("Done")
        #expect(driver.presentationDepth == 0)
        let list = try #require(driver.top as? ChecklistController)
        #expect(list.received == ["done:"])
        #expect(RealWorld.segues(driver) == ["present AddItem", "unwind ReturnInput"])
    }

    @Test func xcodeFiveFileWithLayoutGuides() throws {
        let (driver, _) = try RealWorld.launch("Palettes-4514")
        #expect(driver.rowTitles() == ["Warm", "Cool"])
        try driver.tapRow("Cool")
        #expect(RealWorld.segues(driver) == ["show ShowCool"])
        #expect(driver.stack == ["Palettes", "PaletteViewController"])
        #expect(driver.first(Slider.self)?.value == 0.5)
        try driver.tapBarButton("Share")
        #expect(driver.presentationDepth == 1)
        #expect(driver.title == "Share")
    }

    @Test func traitCollectionEraShowAndPresentation() throws {
        let (driver, _) = try RealWorld.launch("Weather-6254")
        try driver.tapRow("City")
        #expect(driver.stack == ["Cities", "Forecast"])
        try driver.tapBack()
        try driver.tapBarButton("Settings")
        #expect(RealWorld.segues(driver) == ["show ShowForecast", "present ShowSettings"])
        #expect(driver.presentationDepth == 1)
        #expect(driver.stack == ["Settings"])
        #expect(driver.cell(at: IndexPath(row: 0, section: 0))?.contentView.first(Switch.self)?.isOn == true)
        #expect(driver.table?.titleForFooter(inSection: 0) == "Temperatures follow the system unless this is on.")
    }

    @Test func safeAreaEraTabBarKeepsEachStack() throws {
        let (driver, _) = try RealWorld.launch("Journal-14113")
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        #expect((0..<tabs.viewControllers.count).map { tabs.title(ofTab: $0) } == ["Entries", "search", "Me"])
        try driver.tapRow("A quiet morning")
        #expect(driver.stack == ["Entries", "Entry"])
        tabs.select(1)
        #expect(driver.stack == ["Search"])
        tabs.select(0)
        #expect(driver.stack == ["Entries", "Entry"])
    }

    @Test func xcodeFifteenFormSheetAndUnwind() throws {
        let loaded = try RealWorld.load("Profile-22505")
        let profile = try #require(loaded.document.controller(id: "Y6W-OH-hqX"))
        // System colours have no fixed value; the button's configuration title wins.
        #expect(profile.view?.backgroundColor == nil)
        #expect(profile.view?.allViews.contains { if case .button("Edit Profile") = $0.kind { true } else { false } } == true)

        let registry = ClassRegistry()
        registry.register(ProfileController.self, as: "ProfileViewController")
        let (driver, _) = try RealWorld.launch("Profile-22505", registry: registry)
        try driver.tapButton("Edit Profile")
        #expect(driver.presentationDepth == 1)
        #expect(driver.application.presentationLayers.last?.style == .formSheet)
        #expect(driver.first(TextField.self)?.text == "Grace Hopper")
        try driver.tapBarButton("Save")
        #expect(driver.presentationDepth == 0)
        #expect((driver.top as? ProfileController)?.saves == 1)
    }

    @Test func storyboardReferencesContinueInTheOtherFile() throws {
        let (driver, _) = try RealWorld.launch("Store-Main")
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        #expect((0..<tabs.viewControllers.count).map { tabs.title(ofTab: $0) } == ["Shop", "Account"])
        #expect(tabs.viewControllers[1].storyboard?.name == "Store-Account")
        tabs.select(1)
        try driver.tapRow("Orders")
        #expect(driver.stack == ["Account", "Orders"])
        tabs.select(0)
        try driver.tapButton("Help")
        // The reference names a scene by identifier in the other file; it is pushed here.
        #expect(driver.stack == ["Shop", "Help"])
        #expect(driver.top.storyboard?.name == "Store-Account")
    }

    @Test func customSegueClassesRegisteredOrNot() throws {
        let registry = ClassRegistry()
        registry.register(segue: SlideLeftSegue.self, as: "SlideLeftSegue")
        let (driver, _) = try RealWorld.launch("Slides-custom", registry: registry)
        try driver.tapRow("Deck")
        #expect(driver.stack == ["Decks", "Slide"])
        #expect(driver.application.trace.lines.contains("note: slid left"))
        // The unwind nobody declares goes back one level, with no segue.
        try driver.tapButton("Decks")
        #expect(driver.stack == ["Decks"])
        #expect(driver.application.warnings.last?.contains("unwindToDecks:") == true)
        // The manual custom segue's class isn't registered: it presents, with a warning.
        driver.top.performSegue(withIdentifier: "ShowCredits", sender: nil)
        #expect(driver.presentationDepth == 1)
        #expect(driver.title == "Credits")
        #expect(driver.application.warnings.contains { $0.contains("FlipSegue") })
        #expect(RealWorld.segues(driver) == ["custom OpenDeck", "custom ShowCredits"])
    }

    @Test func containerViewsEmbedInFileOrder() throws {
        let (driver, _) = try RealWorld.launch("Dashboard-embed")
        #expect(RealWorld.segues(driver) == ["embed EmbedActivity", "embed EmbedChart"])
        let dashboard = driver.top
        #expect(dashboard.children.map(\.debugName) == ["ActivityTableViewController", "ChartViewController"])
        let containers = dashboard.view.allViews.compactMap { $0 as? ContainerView }
        #expect(containers.allSatisfy { $0.embeddedViewController != nil })
        let activity = try #require(dashboard.children.first?.view.first(TableView.self))
        #expect(activity.cellForRow(at: IndexPath(row: 1, section: 0))?.title == "Swim")
        #expect(dashboard.children.last?.view.first(ProgressView.self)?.progress == 0.7)
    }

    @Test func popoverPresentationFromABarButton() throws {
        let (driver, _) = try RealWorld.launch("Notes-popover")
        try driver.tapBarButton("Aa")
        #expect(RealWorld.segues(driver) == ["popover ShowFormatting"])
        #expect(driver.application.presentationLayers.last?.style == .popover)
        #expect(driver.stack == ["Formatting"])
        #expect(driver.rowTitles() == ["Body", "Heading"])
    }

    @Test func splitViewShowDetailOnACompactScreen() throws {
        let (driver, _) = try RealWorld.launch("Mail-split")
        #expect(driver.title == "Mailboxes")
        try driver.tapRow("Inbox")
        #expect(RealWorld.segues(driver) == ["showDetail ShowMailbox"])
        #expect(driver.title == "Messages")
        #expect(driver.presentationDepth == 0)
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
