import Flow
import Foundation
import Testing
import TestSupport

/// Three pages made from the storyboard's scenes P1, P2 and P3, turned by their identifiers
/// (a restored page is another instance of its scene).
final class RestorablePages: PageViewController, PageViewControllerDataSource {
    static let scenes = ["P1", "P2", "P3"]

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = self
        if let first = try? storyboard?.instantiateViewController(withIdentifier: Self.scenes[0]) { setViewControllers([first]) }
    }

    private func page(after controller: ViewController, by offset: Int) -> ViewController? {
        guard let index = Self.scenes.firstIndex(of: controller.restorationIdentifier ?? ""),
            Self.scenes.indices.contains(index + offset)
        else { return nil }
        return try? storyboard?.instantiateViewController(withIdentifier: Self.scenes[index + offset])
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController? {
        page(after: viewController, by: -1)
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController? {
        page(after: viewController, by: 1)
    }
}

/// State restoration of every container kind: a relaunch from the saved state shows the same
/// hierarchy, compared whole as a ``NavigationState``, and the containers keep working from it.
@Suite struct ContainerRestorationTests {
    /// Saves the state of `driver`'s application and restores it into a new one of `scenes`
    /// at the same width.
    func relaunch(_ driver: FlowDriver, scenes: [ControllerSpec], initial: String) throws -> FlowDriver {
        let data = try #require(driver.application.encodeRestorationState())
        let registry = ClassRegistry()
        registry.register(RestorablePages.self, as: "Pages")
        let (application, storyboard) = makeApplication(scenes, initial: initial, registry: registry)
        application.setHorizontalSizeClass(driver.application.horizontalSizeClass)
        try application.restoreState(from: data, storyboard: storyboard)
        #expect(application.invariantViolations.isEmpty, "\(application.invariantViolations)")
        return FlowDriver(application: application)
    }

    /// `spec` with a restoration identifier (the builders of containers take none).
    func restorable(_ spec: ControllerSpec) -> ControllerSpec {
        var spec = spec
        spec.restorationIdentifier = spec.id
        return spec
    }

    /// A mail-like two-column split view, every scene restorable.
    var twoColumns: [ControllerSpec] {
        [
            restorable(Scene.split("Split", primary: "ListNav", secondary: "DetailNav")),
            Scene.navigation("ListNav", root: "List", restorationID: "ListNav"),
            Scene.view("List", restorationID: "List", buttons: [("pick", "Pick"), ("more", "More")], segues: [
                Segue.showDetail("Item", from: .button(id: "pick")), Segue.show("Folder", from: .button(id: "more")),
            ]),
            Scene.navigation("DetailNav", root: "Placeholder", restorationID: "DetailNav"),
            Scene.view("Placeholder", restorationID: "Placeholder"),
            Scene.view("Item", restorationID: "Item", buttons: [("deeper", "Deeper")], segues: [Segue.show("Deeper", from: .button(id: "deeper"))]),
            Scene.view("Folder", restorationID: "Folder"),
            Scene.view("Deeper", restorationID: "Deeper"),
        ]
    }

    func launchTwoColumns() throws -> (FlowDriver, SplitViewController) {
        let driver = try launch(twoColumns, initial: "Split")
        driver.application.setHorizontalSizeClass(.regular)
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        // A detail chosen, a push in it, and a push in the primary's stack.
        try driver.tapButton("Pick")
        #expect(split.focus(.secondary))
        try driver.tapButton("Deeper")
        #expect(split.focus(.primary))
        try driver.tapButton("More")
        return (driver, split)
    }

    @Test func aTwoColumnSplitViewComesBackWithItsStacksAndChosenDetail() throws {
        let (driver, _) = try launchTwoColumns()
        let state = driver.application.navigationState
        #expect(state.description == """
            Split[Navigation[ViewController "List" › ViewController "Folder"] ‖ Navigation[ViewController "Item" › ViewController "Deeper"]]
            """)
        let restored = try relaunch(driver, scenes: twoColumns, initial: "Split")
        #expect(restored.application.navigationState == state)
        let split = try #require(restored.application.rootViewController as? SplitViewController)
        #expect(split.focusedColumn == .primary)
        #expect(restored.top.title == "Folder")
        // The detail is still the one chosen: collapsing puts it on the primary's stack.
        restored.application.setHorizontalSizeClass(.compact)
        #expect(restored.stack == ["List", "Folder", "Item", "Deeper"])
        #expect(restored.application.invariantViolations.isEmpty)
    }

    @Test func aSplitViewWithNoDetailChosenComesBackWithItsPlaceholder() throws {
        let driver = try launch(twoColumns, initial: "Split")
        driver.application.setHorizontalSizeClass(.regular)
        let state = driver.application.navigationState
        let restored = try relaunch(driver, scenes: twoColumns, initial: "Split")
        #expect(restored.application.navigationState == state)
        // The placeholder is still what the storyboard put there: a collapsed split view leaves it out.
        restored.application.setHorizontalSizeClass(.compact)
        #expect(restored.stack == ["List"])
        #expect(restored.application.invariantViolations.isEmpty)
    }

    @Test func aCollapsedSplitViewComesBackAndGivesItsDetailBackOnExpanding() throws {
        let (driver, _) = try launchTwoColumns()
        driver.application.setHorizontalSizeClass(.compact)
        let collapsed = driver.application.navigationState
        #expect(driver.stack == ["List", "Folder", "Item", "Deeper"])
        let restored = try relaunch(driver, scenes: twoColumns, initial: "Split")
        #expect(restored.application.navigationState == collapsed)
        driver.application.setHorizontalSizeClass(.regular)
        restored.application.setHorizontalSizeClass(.regular)
        #expect(restored.application.navigationState == driver.application.navigationState)
        #expect(restored.application.navigationState.description.hasSuffix("‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]"))
    }

    @Test func aThreeColumnSplitViewComesBackWithItsColumnsAndFocus() throws {
        let scenes = [
            restorable(Scene.split("Split", primary: "FoldersNav", supplementary: "Messages", secondary: "MessageNav", compact: "Phone")),
            Scene.navigation("FoldersNav", root: "Folders", restorationID: "FoldersNav"),
            Scene.view("Folders", restorationID: "Folders", buttons: [("open", "Open")], segues: [Segue.show("Folder", from: .button(id: "open"))]),
            Scene.view("Folder", restorationID: "Folder"),
            Scene.view("Messages", restorationID: "Messages", buttons: [("read", "Read")], segues: [Segue.showDetail("Letter", from: .button(id: "read"))]),
            Scene.navigation("MessageNav", root: "Message", restorationID: "MessageNav"),
            Scene.view("Message", restorationID: "Message"),
            Scene.view("Letter", restorationID: "Letter"),
            Scene.view("Phone", restorationID: "Phone"),
        ]
        let driver = try launch(scenes, initial: "Split")
        driver.application.setHorizontalSizeClass(.regular)
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        try driver.tapButton("Open")
        #expect(split.focus(.supplementary))
        try driver.tapButton("Read")
        let state = driver.application.navigationState
        #expect(state.description == """
            Split[Navigation[ViewController "Folders" › ViewController "Folder"] ‖ ViewController "Messages" ‖ Navigation[ViewController "Letter"] ‖ ViewController "Phone"]
            """)
        let restored = try relaunch(driver, scenes: scenes, initial: "Split")
        #expect(restored.application.navigationState == state)
        let restoredSplit = try #require(restored.application.rootViewController as? SplitViewController)
        #expect(restoredSplit.visibleColumns == [.primary, .supplementary, .secondary])
        #expect(restoredSplit.focusedColumn == .supplementary)
        #expect(restored.top.title == "Messages")
    }

    @Test func aPageViewControllerComesBackOnItsPage() throws {
        let scenes = [
            ControllerSpec(id: "Pages", kind: .pageViewController, customClass: "Pages", storyboardIdentifier: "Pages", restorationIdentifier: "Pages"),
            Scene.view("P1", restorationID: "P1"), Scene.view("P2", restorationID: "P2"), Scene.view("P3", restorationID: "P3"),
        ]
        let registry = ClassRegistry()
        registry.register(RestorablePages.self, as: "Pages")
        let driver = try launch(scenes, initial: "Pages", registry: registry)
        let pages = try #require(driver.application.rootViewController as? PageViewController)
        #expect(pages.turnPage(.forward))
        let state = driver.application.navigationState
        #expect(state.description == "Pages[ViewController \"P2\"]")
        let restored = try relaunch(driver, scenes: scenes, initial: "Pages")
        #expect(restored.application.navigationState == state)
        // The page turns on from where it was.
        let restoredPages = try #require(restored.application.rootViewController as? PageViewController)
        #expect(restoredPages.turnPage(.forward))
        #expect(restored.top.title == "P3")
    }

    @Test func aTabInsideASplitViewInsideASheetComesBack() throws {
        var sheet = restorable(Scene.split("Sheet", primary: "Tabs", secondary: "Detail"))
        sheet.modalPresentationStyle = .formSheet
        let scenes = [
            Scene.navigation("Nav", root: "Home", restorationID: "Nav"),
            Scene.view("Home", restorationID: "Home", buttons: [("open", "Open")], segues: [Segue.present("Sheet", from: .button(id: "open"))]),
            sheet,
            restorable(Scene.tabs("Tabs", ["First", "Second"])),
            Scene.view("First", restorationID: "First"),
            Scene.navigation("Second", root: "Inner", restorationID: "Second"),
            Scene.view("Inner", restorationID: "Inner", buttons: [("next", "Next")], segues: [Segue.show("Next", from: .button(id: "next"))]),
            Scene.view("Next", restorationID: "Next"),
            Scene.view("Detail", restorationID: "Detail"),
        ]
        let driver = try launch(scenes, initial: "Nav")
        driver.application.setHorizontalSizeClass(.regular)
        try driver.tapButton("Open")
        let tabs = try #require(driver.top.tabBarController)
        tabs.select(1)
        try driver.tapButton("Next")
        let state = driver.application.navigationState
        #expect(state.description == """
            Navigation[ViewController "Home"] ⇒ formSheet Split[Tabs[ViewController "First" | *Navigation[ViewController "Inner" › ViewController "Next"]] ‖ ViewController "Detail"]
            """)
        let restored = try relaunch(driver, scenes: scenes, initial: "Nav")
        #expect(restored.application.navigationState == state)
        #expect(restored.top.title == "Next")
        try restored.tapBack()
        #expect(restored.top.title == "Inner")
    }
}
