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
    /// at the same width, on the exhaustive step: the relaunch must leave the same state
    /// (compared whole, as a value) and record `trace`.
    func relaunch(_ driver: FlowDriver, scenes: [ControllerSpec], initial: String, trace: [String]) throws -> NavigationStore {
        let data = try #require(driver.application.encodeRestorationState())
        let registry = ClassRegistry()
        registry.register(RestorablePages.self, as: "Pages")
        let (application, storyboard) = makeApplication(scenes, initial: initial, registry: registry)
        let state = driver.application.navigationState
        let restored = try withExtendedLifetime(application) {
            try NavigationStore(
                restoring: data, into: storyboard, sizeClass: driver.application.horizontalSizeClass, state: state.description, trace: trace)
        }
        #expect(restored.driver.application.navigationState == state)
        return restored
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

    /// The two columns launched, widened, and walked: a detail chosen, a push in it, and a
    /// push in the primary's stack.
    func launchTwoColumns() throws -> NavigationStore {
        let store = try twoColumnsLaunched()
        try store.step(.tapButton("Pick"), state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "ViewController \"List\".shouldPerformSegue() → true",
            "segue showDetail ViewController \"List\" → ViewController \"Item\"",
            "ViewController \"List\".prepare()",
            "ViewController \"Item\".viewDidLoad",
            "ViewController \"Placeholder\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
            "ViewController \"Placeholder\" released",
        ])
        try store.step(.focusColumn(.secondary), state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "note: the secondary column of SplitViewController \"Split\" has the focus",
        ])
        try store.step(.tapButton("Deeper"), state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [
            "ViewController \"Item\".shouldPerformSegue() → true",
            "segue show ViewController \"Item\" → ViewController \"Deeper\"",
            "ViewController \"Item\".prepare()",
            "ViewController \"Deeper\".viewDidLoad",
            "ViewController \"Item\".viewWillDisappear",
            "ViewController \"Deeper\".viewWillAppear",
            "ViewController \"Item\".viewDidDisappear",
            "ViewController \"Deeper\".viewDidAppear",
        ])
        try store.step(.focusColumn(.primary), state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [
            "note: the primary column of SplitViewController \"Split\" has the focus",
        ])
        try store.step(.tapButton("More"), state: """
            Split[Navigation[ViewController "List" › ViewController "Folder"] ‖ Navigation[ViewController "Item" › ViewController "Deeper"]]
            """, trace: [
                "ViewController \"List\".shouldPerformSegue() → true",
                "segue show ViewController \"List\" → ViewController \"Folder\"",
                "ViewController \"List\".prepare()",
                "ViewController \"Folder\".viewDidLoad",
                "ViewController \"List\".viewWillDisappear",
                "ViewController \"Folder\".viewWillAppear",
                "ViewController \"List\".viewDidDisappear",
                "ViewController \"Folder\".viewDidAppear",
            ])
        return store
    }

    /// The two columns launched and widened, nothing chosen.
    func twoColumnsLaunched() throws -> NavigationStore {
        let store = try NavigationStore(twoColumns, initial: "Split", state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "root ViewController \"List\"",
            "SplitViewController \"Split\".viewDidLoad",
            "NavigationController \"ListNav\".viewDidLoad",
            "ViewController \"List\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "NavigationController \"ListNav\".viewWillAppear",
            "ViewController \"List\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "NavigationController \"ListNav\".viewDidAppear",
            "ViewController \"List\".viewDidAppear",
        ])
        try store.step(.sizeClass(.regular), state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "note: the window is now regular width",
            "NavigationController \"DetailNav\".viewDidLoad",
            "ViewController \"Placeholder\".viewDidLoad",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Placeholder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Placeholder\".viewDidAppear",
        ])
        return store
    }

    @Test func aTwoColumnSplitViewComesBackWithItsStacksAndChosenDetail() throws {
        let driver = try launchTwoColumns().driver
        let restored = try relaunch(driver, scenes: twoColumns, initial: "Split", trace: [
            "root ViewController \"Folder\"",
            "SplitViewController \"Split\".viewDidLoad",
            "NavigationController \"ListNav\".viewDidLoad",
            "ViewController \"Folder\".viewDidLoad",
            "NavigationController \"DetailNav\".viewDidLoad",
            "ViewController \"Deeper\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "NavigationController \"ListNav\".viewWillAppear",
            "ViewController \"Folder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Deeper\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "NavigationController \"ListNav\".viewDidAppear",
            "ViewController \"Folder\".viewDidAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Deeper\".viewDidAppear",
        ])
        let split = try #require(restored.driver.application.rootViewController as? SplitViewController)
        #expect(split.focusedColumn == .primary)
        #expect(restored.driver.top.title == "Folder")
        // The detail is still the one chosen: collapsing puts it on the primary's stack.
        try restored.step(.sizeClass(.compact), state: "Split[Navigation[ViewController \"List\" › ViewController \"Folder\" › ViewController \"Item\" › ViewController \"Deeper\"] ‖ Navigation[]]", trace: [
            "note: the window is now compact width",
            "ViewController \"Folder\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "ViewController \"Folder\".viewDidDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
        ])
    }

    @Test func aSplitViewWithNoDetailChosenComesBackWithItsPlaceholder() throws {
        let driver = try twoColumnsLaunched().driver
        let restored = try relaunch(driver, scenes: twoColumns, initial: "Split", trace: [
            "root ViewController \"List\"",
            "SplitViewController \"Split\".viewDidLoad",
            "NavigationController \"ListNav\".viewDidLoad",
            "ViewController \"List\".viewDidLoad",
            "NavigationController \"DetailNav\".viewDidLoad",
            "ViewController \"Placeholder\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "NavigationController \"ListNav\".viewWillAppear",
            "ViewController \"List\".viewWillAppear",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Placeholder\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "NavigationController \"ListNav\".viewDidAppear",
            "ViewController \"List\".viewDidAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Placeholder\".viewDidAppear",
        ])
        // The placeholder is still what the storyboard put there: a collapsed split view leaves it out.
        try restored.step(.sizeClass(.compact), state: "Split[Navigation[ViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "note: the window is now compact width",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "ViewController \"Placeholder\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
            "ViewController \"Placeholder\".viewDidDisappear",
        ])
    }

    @Test func aCollapsedSplitViewComesBackAndGivesItsDetailBackOnExpanding() throws {
        let store = try launchTwoColumns()
        try store.step(.sizeClass(.compact), state: "Split[Navigation[ViewController \"List\" › ViewController \"Folder\" › ViewController \"Item\" › ViewController \"Deeper\"] ‖ Navigation[]]", trace: [
            "note: the window is now compact width",
            "ViewController \"Folder\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "ViewController \"Folder\".viewDidDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
        ])
        let restored = try relaunch(store.driver, scenes: twoColumns, initial: "Split", trace: [
            "root ViewController \"Deeper\"",
            "SplitViewController \"Split\".viewDidLoad",
            "NavigationController \"ListNav\".viewDidLoad",
            "ViewController \"Deeper\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "NavigationController \"ListNav\".viewWillAppear",
            "ViewController \"Deeper\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "NavigationController \"ListNav\".viewDidAppear",
            "ViewController \"Deeper\".viewDidAppear",
        ])
        try store.step(.sizeClass(.regular), state: "Split[Navigation[ViewController \"List\" › ViewController \"Folder\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [
            "note: the window is now regular width",
            "ViewController \"Folder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Folder\".viewDidAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
        ])
        try restored.step(.sizeClass(.regular), state: "Split[Navigation[ViewController \"List\" › ViewController \"Folder\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [
            "note: the window is now regular width",
            "ViewController \"Folder\".viewDidLoad",
            "NavigationController \"DetailNav\".viewDidLoad",
            "ViewController \"Folder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Folder\".viewDidAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
        ])
        #expect(restored.driver.application.navigationState == store.driver.application.navigationState)
        #expect(restored.driver.application.navigationState.description.hasSuffix("‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]"))
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
        let store = try NavigationStore(scenes, initial: "Split", state: "Split[Navigation[ViewController \"Folders\"] ‖ ViewController \"Messages\" ‖ Navigation[ViewController \"Message\"] ‖ ViewController \"Phone\"]", trace: [
            "root ViewController \"Phone\"",
            "SplitViewController \"Split\".viewDidLoad",
            "ViewController \"Phone\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "ViewController \"Phone\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "ViewController \"Phone\".viewDidAppear",
        ])
        try store.step(.sizeClass(.regular), state: "Split[Navigation[ViewController \"Folders\"] ‖ ViewController \"Messages\" ‖ Navigation[ViewController \"Message\"] ‖ ViewController \"Phone\"]", trace: [
            "note: the window is now regular width",
            "NavigationController \"FoldersNav\".viewDidLoad",
            "ViewController \"Folders\".viewDidLoad",
            "ViewController \"Messages\".viewDidLoad",
            "NavigationController \"MessageNav\".viewDidLoad",
            "ViewController \"Message\".viewDidLoad",
            "ViewController \"Phone\".viewWillDisappear",
            "NavigationController \"FoldersNav\".viewWillAppear",
            "ViewController \"Folders\".viewWillAppear",
            "ViewController \"Messages\".viewWillAppear",
            "NavigationController \"MessageNav\".viewWillAppear",
            "ViewController \"Message\".viewWillAppear",
            "ViewController \"Phone\".viewDidDisappear",
            "NavigationController \"FoldersNav\".viewDidAppear",
            "ViewController \"Folders\".viewDidAppear",
            "ViewController \"Messages\".viewDidAppear",
            "NavigationController \"MessageNav\".viewDidAppear",
            "ViewController \"Message\".viewDidAppear",
        ])
        try store.step(.tapButton("Open"), state: "Split[Navigation[ViewController \"Folders\" › ViewController \"Folder\"] ‖ ViewController \"Messages\" ‖ Navigation[ViewController \"Message\"] ‖ ViewController \"Phone\"]", trace: [
            "ViewController \"Folders\".shouldPerformSegue() → true",
            "segue show ViewController \"Folders\" → ViewController \"Folder\"",
            "ViewController \"Folders\".prepare()",
            "ViewController \"Folder\".viewDidLoad",
            "ViewController \"Folders\".viewWillDisappear",
            "ViewController \"Folder\".viewWillAppear",
            "ViewController \"Folders\".viewDidDisappear",
            "ViewController \"Folder\".viewDidAppear",
        ])
        try store.step(.focusColumn(.supplementary), state: "Split[Navigation[ViewController \"Folders\" › ViewController \"Folder\"] ‖ ViewController \"Messages\" ‖ Navigation[ViewController \"Message\"] ‖ ViewController \"Phone\"]", trace: [
            "note: the supplementary column of SplitViewController \"Split\" has the focus",
        ])
        try store.step(.tapButton("Read"), state: """
            Split[Navigation[ViewController "Folders" › ViewController "Folder"] ‖ ViewController "Messages" ‖ Navigation[ViewController "Letter"] ‖ ViewController "Phone"]
            """, trace: [
                "ViewController \"Messages\".shouldPerformSegue() → true",
                "segue showDetail ViewController \"Messages\" → ViewController \"Letter\"",
                "ViewController \"Messages\".prepare()",
                "ViewController \"Letter\".viewDidLoad",
                "ViewController \"Message\".viewWillDisappear",
                "ViewController \"Letter\".viewWillAppear",
                "ViewController \"Message\".viewDidDisappear",
                "ViewController \"Letter\".viewDidAppear",
                "ViewController \"Message\" released",
            ])
        let restored = try relaunch(store.driver, scenes: scenes, initial: "Split", trace: [
            "root ViewController \"Messages\"",
            "SplitViewController \"Split\".viewDidLoad",
            "NavigationController \"FoldersNav\".viewDidLoad",
            "ViewController \"Folder\".viewDidLoad",
            "ViewController \"Messages\".viewDidLoad",
            "NavigationController \"MessageNav\".viewDidLoad",
            "ViewController \"Letter\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "NavigationController \"FoldersNav\".viewWillAppear",
            "ViewController \"Folder\".viewWillAppear",
            "ViewController \"Messages\".viewWillAppear",
            "NavigationController \"MessageNav\".viewWillAppear",
            "ViewController \"Letter\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "NavigationController \"FoldersNav\".viewDidAppear",
            "ViewController \"Folder\".viewDidAppear",
            "ViewController \"Messages\".viewDidAppear",
            "NavigationController \"MessageNav\".viewDidAppear",
            "ViewController \"Letter\".viewDidAppear",
        ])
        let restoredSplit = try #require(restored.driver.application.rootViewController as? SplitViewController)
        #expect(restoredSplit.visibleColumns == [.primary, .supplementary, .secondary])
        #expect(restoredSplit.focusedColumn == .supplementary)
        #expect(restored.driver.top.title == "Messages")
    }

    @Test func aPageViewControllerComesBackOnItsPage() throws {
        let scenes = [
            ControllerSpec(id: "Pages", kind: .pageViewController, customClass: "Pages", storyboardIdentifier: "Pages", restorationIdentifier: "Pages"),
            Scene.view("P1", restorationID: "P1"), Scene.view("P2", restorationID: "P2"), Scene.view("P3", restorationID: "P3"),
        ]
        let registry = ClassRegistry()
        registry.register(RestorablePages.self, as: "Pages")
        let store = try NavigationStore(scenes, initial: "Pages", registry: registry, state: "Pages[ViewController \"P1\"]", trace: [
            "root Pages",
            "Pages.viewDidLoad",
            "ViewController \"P1\".viewDidLoad",
            "Pages.viewWillAppear",
            "ViewController \"P1\".viewWillAppear",
            "Pages.viewDidAppear",
            "ViewController \"P1\".viewDidAppear",
        ])
        let pages = try #require(store.driver.application.rootViewController as? PageViewController)
        try store.step(.perform("turn forward", { _ in #expect(pages.turnPage(.forward)) }), state: "Pages[ViewController \"P2\"]", trace: [
            "turn page ViewController \"P1\" → ViewController \"P2\"",
            "ViewController \"P2\".viewDidLoad",
            "ViewController \"P1\".viewWillDisappear",
            "ViewController \"P2\".viewWillAppear",
            "ViewController \"P1\".viewDidDisappear",
            "ViewController \"P2\".viewDidAppear",
            "ViewController \"P1\" released",
        ])
        let restored = try relaunch(store.driver, scenes: scenes, initial: "Pages", trace: [
            "Pages.viewDidLoad",
            "root ViewController \"P2\"",
            "ViewController \"P2\".viewDidLoad",
            "Pages.viewWillAppear",
            "ViewController \"P2\".viewWillAppear",
            "Pages.viewDidAppear",
            "ViewController \"P2\".viewDidAppear",
        ])
        // The page turns on from where it was.
        let restoredPages = try #require(restored.driver.application.rootViewController as? PageViewController)
        try restored.step(.perform("turn forward", { _ in #expect(restoredPages.turnPage(.forward)) }), state: "Pages[ViewController \"P3\"]", trace: [
            "turn page ViewController \"P2\" → ViewController \"P3\"",
            "ViewController \"P3\".viewDidLoad",
            "ViewController \"P2\".viewWillDisappear",
            "ViewController \"P3\".viewWillAppear",
            "ViewController \"P2\".viewDidDisappear",
            "ViewController \"P3\".viewDidAppear",
            "ViewController \"P2\" released",
        ])
    }

    /// A stack whose root presents a split view as a sheet, a tab bar in its primary column
    /// with a stack in its second tab; every scene restorable.
    var sheetOfTabs: [ControllerSpec] {
        var sheet = restorable(Scene.split("Sheet", primary: "Tabs", secondary: "Detail"))
        sheet.modalPresentationStyle = .formSheet
        return [
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
    }

    /// What restoring `sheetOfTabs` at `Next` in its second tab records.
    static let sheetOfTabsRestoredTrace = [
        "root ViewController \"Home\"",
        "NavigationController \"Nav\".viewDidLoad",
        "ViewController \"Home\".viewDidLoad",
        "SplitViewController \"Sheet\".viewDidLoad",
        "TabBarController \"Tabs\".viewDidLoad",
        "NavigationController \"Second\".viewDidLoad",
        "ViewController \"Next\".viewDidLoad",
        "ViewController \"Detail\".viewDidLoad",
        "NavigationController \"Nav\".viewWillAppear",
        "ViewController \"Home\".viewWillAppear",
        "SplitViewController \"Sheet\".viewWillAppear",
        "TabBarController \"Tabs\".viewWillAppear",
        "NavigationController \"Second\".viewWillAppear",
        "ViewController \"Next\".viewWillAppear",
        "ViewController \"Detail\".viewWillAppear",
        "NavigationController \"Nav\".viewDidAppear",
        "ViewController \"Home\".viewDidAppear",
        "SplitViewController \"Sheet\".viewDidAppear",
        "TabBarController \"Tabs\".viewDidAppear",
        "NavigationController \"Second\".viewDidAppear",
        "ViewController \"Next\".viewDidAppear",
        "ViewController \"Detail\".viewDidAppear",
    ]

    @Test func aTabInsideASplitViewInsideASheetComesBack() throws {
        let scenes = sheetOfTabs
        let store = try NavigationStore(scenes, initial: "Nav", state: "Navigation[ViewController \"Home\"]", trace: [
            "root ViewController \"Home\"",
            "NavigationController \"Nav\".viewDidLoad",
            "ViewController \"Home\".viewDidLoad",
            "NavigationController \"Nav\".viewWillAppear",
            "ViewController \"Home\".viewWillAppear",
            "NavigationController \"Nav\".viewDidAppear",
            "ViewController \"Home\".viewDidAppear",
        ])
        try store.step(.sizeClass(.regular), state: "Navigation[ViewController \"Home\"]", trace: [])
        try store.step(.tapButton("Open"), state: "Navigation[ViewController \"Home\"] ⇒ formSheet Split[Tabs[*ViewController \"First\" | Navigation[ViewController \"Inner\"]] ‖ ViewController \"Detail\"]", trace: [
            "ViewController \"Home\".shouldPerformSegue() → true",
            "segue present ViewController \"Home\" → SplitViewController \"Sheet\"",
            "ViewController \"Home\".prepare()",
            "SplitViewController \"Sheet\".viewDidLoad",
            "TabBarController \"Tabs\".viewDidLoad",
            "ViewController \"First\".viewDidLoad",
            "ViewController \"Detail\".viewDidLoad",
            "SplitViewController \"Sheet\".viewWillAppear",
            "TabBarController \"Tabs\".viewWillAppear",
            "ViewController \"First\".viewWillAppear",
            "ViewController \"Detail\".viewWillAppear",
            "SplitViewController \"Sheet\".viewDidAppear",
            "TabBarController \"Tabs\".viewDidAppear",
            "ViewController \"First\".viewDidAppear",
            "ViewController \"Detail\".viewDidAppear",
        ])
        try store.step(.selectTab(1), state: "Navigation[ViewController \"Home\"] ⇒ formSheet Split[Tabs[ViewController \"First\" | *Navigation[ViewController \"Inner\"]] ‖ ViewController \"Detail\"]", trace: [
            "tab ViewController \"First\" → ViewController \"Inner\"",
            "NavigationController \"Second\".viewDidLoad",
            "ViewController \"Inner\".viewDidLoad",
            "ViewController \"First\".viewWillDisappear",
            "NavigationController \"Second\".viewWillAppear",
            "ViewController \"Inner\".viewWillAppear",
            "ViewController \"First\".viewDidDisappear",
            "NavigationController \"Second\".viewDidAppear",
            "ViewController \"Inner\".viewDidAppear",
        ])
        try store.step(.tapButton("Next"), state: """
            Navigation[ViewController "Home"] ⇒ formSheet Split[Tabs[ViewController "First" | *Navigation[ViewController "Inner" › ViewController "Next"]] ‖ ViewController "Detail"]
            """, trace: [
                "ViewController \"Inner\".shouldPerformSegue() → true",
                "segue show ViewController \"Inner\" → ViewController \"Next\"",
                "ViewController \"Inner\".prepare()",
                "ViewController \"Next\".viewDidLoad",
                "ViewController \"Inner\".viewWillDisappear",
                "ViewController \"Next\".viewWillAppear",
                "ViewController \"Inner\".viewDidDisappear",
                "ViewController \"Next\".viewDidAppear",
            ])
        let restored = try relaunch(store.driver, scenes: scenes, initial: "Nav", trace: Self.sheetOfTabsRestoredTrace)
        #expect(restored.driver.top.title == "Next")
        try restored.step(.back, state: "Navigation[ViewController \"Home\"] ⇒ formSheet Split[Tabs[ViewController \"First\" | *Navigation[ViewController \"Inner\"]] ‖ ViewController \"Detail\"]", trace: [
            "pop ViewController \"Next\" → ViewController \"Inner\"",
            "ViewController \"Inner\".viewDidLoad",
            "ViewController \"Next\".viewWillDisappear",
            "ViewController \"Inner\".viewWillAppear",
            "ViewController \"Next\".viewDidDisappear",
            "ViewController \"Inner\".viewDidAppear",
            "ViewController \"Next\" released",
        ])
        #expect(restored.driver.top.title == "Inner")
    }

    /// Saved screens written before each container encoded its own contents (version 1: a
    /// node's `stack`, `tabs`, `selectedTab`, `columns`, `focusedColumn`, `page`…) still come
    /// back whole, and are saved again in today's shape.
    @Test func anArchiveOfTheFirstVersionStillComesBack() throws {
        func scene(_ id: String, _ more: String = "") -> String {
            #"{"scene":"\#(id)","restorationIdentifier":"\#(id)","state":{}\#(more)}"#
        }
        let tabs = scene("Tabs", #","tabs":[\#(scene("First")),\#(scene("Second", #","stack":[\#(scene("Inner")),\#(scene("Next"))]"#))],"selectedTab":1"#)
        let sheet = scene("Sheet", #","columns":{"primary":\#(tabs),"secondary":\#(scene("Detail"))},"focusedColumn":"primary""#)
        let root = scene("Nav", #","presented":\#(sheet),"presentationStyle":"formSheet","stack":[\#(scene("Home"))]"#)
        let saved = #"{"format":"storyboard-restoration","version":1,"storyboard":"Test","root":\#(root)}"#
        let (application, storyboard) = makeApplication(sheetOfTabs, initial: "Nav")
        let restored = try withExtendedLifetime(application) {
            try NavigationStore(
                restoring: Data(saved.utf8), into: storyboard, sizeClass: .regular, state: """
                    Navigation[ViewController "Home"] ⇒ formSheet Split[Tabs[ViewController "First" | *Navigation[ViewController "Inner" › ViewController "Next"]] ‖ ViewController "Detail"]
                    """, trace: Self.sheetOfTabsRestoredTrace)
        }
        #expect(restored.driver.top.title == "Next")
        let resaved = try #require(restored.driver.application.encodeRestorationState())
        let object = try #require(try JSONSerialization.jsonObject(with: resaved) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        let rootNode = try #require(object["root"] as? [String: Any])
        #expect(rootNode["stack"] == nil)
        let contents = try #require(rootNode["contents"] as? [String: Any])
        #expect(contents["kind"] as? String == "navigation")
        #expect((contents["children"] as? [String: Any])?.keys.sorted() == ["stack"])
    }
}
