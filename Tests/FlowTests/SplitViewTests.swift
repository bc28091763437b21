import Flow
import Testing
import TestSupport

/// Split views as UIKit shows them: columns side by side on a regular-width window, one
/// stack on a compact one, details shown into the secondary column or pushed, and a window
/// resized across the threshold rearranging them.
@Suite struct SplitViewTests {
    /// A mail-like split view: a list whose rows show details, and a placeholder detail.
    static var scenes: [ControllerSpec] {
        [
            Scene.split("Split", primary: "ListNav", secondary: "DetailNav"),
            Scene.navigation("ListNav", root: "List"),
            Scene.table("List", rows: [("a", "Alpha"), ("b", "Beta")], segues: [
                Segue.showDetail("Item", from: .cell(id: "a"), identifier: "ShowAlpha"),
                Segue.showDetail("Other", from: .cell(id: "b"), identifier: "ShowBeta"),
            ]),
            Scene.navigation("DetailNav", root: "Placeholder"),
            Scene.view("Placeholder"),
            Scene.view("Item", buttons: [("more", "More")], segues: [Segue.show("Deeper", from: .button(id: "more"))]),
            Scene.view("Other"),
            Scene.view("Deeper"),
        ]
    }

    /// The list in the primary column, the placeholder in the secondary.
    static let placeholder = "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]"

    /// The split view launched on a compact window, as every window starts.
    static func launched(scenes: [ControllerSpec] = scenes) throws -> NavigationStore {
        try NavigationStore(scenes, initial: "Split", state: placeholder, trace: [
            "root TableViewController \"List\"",
            "SplitViewController \"Split\".viewDidLoad",
            "NavigationController \"ListNav\".viewDidLoad",
            "TableViewController \"List\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "NavigationController \"ListNav\".viewWillAppear",
            "TableViewController \"List\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "NavigationController \"ListNav\".viewDidAppear",
            "TableViewController \"List\".viewDidAppear",
        ])
    }

    /// The split view launched, then its window made regular-width.
    static func launchedRegular(scenes: [ControllerSpec] = scenes) throws -> NavigationStore {
        let store = try launched(scenes: scenes)
        try store.step(.sizeClass(.regular), state: placeholder, trace: [
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

    @Test func aCompactWindowShowsThePrimaryAndPushesDetails() throws {
        let store = try Self.launched()
        #expect(store.driver.top.title == "List")
        try store.step(.tapRow("Alpha"), state: "Split[Navigation[TableViewController \"List\" › ViewController \"Item\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue showDetail \"ShowAlpha\" TableViewController \"List\" → ViewController \"Item\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "ViewController \"Item\".viewDidLoad",
            "TableViewController \"List\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "TableViewController \"List\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
        ])
    }

    @Test func aRegularWindowShowsTheColumnsAndReplacesTheDetail() throws {
        let store = try Self.launchedRegular()
        let driver = store.driver
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        #expect(split.visibleColumns == [.primary, .secondary])
        #expect(driver.application.visibleControllers.map(\.title).contains("Placeholder"))
        // The list stays as it was; the detail column shows the item instead of the placeholder.
        try store.step(.tapRow("Alpha"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue showDetail \"ShowAlpha\" TableViewController \"List\" → ViewController \"Item\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "ViewController \"Item\".viewDidLoad",
            "ViewController \"Placeholder\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
            "ViewController \"Placeholder\" released",
        ])
        #expect(driver.top.title == "List", "the keys stay in the list")
        try store.step(.tapRow("Beta"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Other\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowBeta) → true",
            "segue showDetail \"ShowBeta\" TableViewController \"List\" → ViewController \"Other\"",
            "TableViewController \"List\".prepare(ShowBeta)",
            "ViewController \"Other\".viewDidLoad",
            "ViewController \"Item\".viewWillDisappear",
            "ViewController \"Other\".viewWillAppear",
            "ViewController \"Item\".viewDidDisappear",
            "ViewController \"Other\".viewDidAppear",
            "ViewController \"Item\" released",
        ])
    }

    @Test func theFocusMovesBetweenColumns() throws {
        let store = try Self.launchedRegular()
        let driver = store.driver
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        #expect(split.focusedColumn == .primary)
        try store.step(.tapRow("Alpha"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue showDetail \"ShowAlpha\" TableViewController \"List\" → ViewController \"Item\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "ViewController \"Item\".viewDidLoad",
            "ViewController \"Placeholder\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
            "ViewController \"Placeholder\" released",
        ])
        try store.step(.perform("focus the next column", { _ in #expect(split.focusColumn(offset: 1)) }), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "note: the secondary column of SplitViewController \"Split\" has the focus",
        ])
        #expect(driver.top.title == "Item")
        // A push in the detail column stays in that column.
        try store.step(.tapButton("More"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [
            "ViewController \"Item\".shouldPerformSegue() → true",
            "segue show ViewController \"Item\" → ViewController \"Deeper\"",
            "ViewController \"Item\".prepare()",
            "ViewController \"Deeper\".viewDidLoad",
            "ViewController \"Item\".viewWillDisappear",
            "ViewController \"Deeper\".viewWillAppear",
            "ViewController \"Item\".viewDidDisappear",
            "ViewController \"Deeper\".viewDidAppear",
        ])
        try store.step(.perform("focus the next column", { _ in #expect(split.focusColumn(offset: 1)) }), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [
            "note: the primary column of SplitViewController \"Split\" has the focus",
        ])
        #expect(split.focusedColumn == .primary)
        // A column not on screen can't take the focus, and asking records nothing.
        try store.step(.perform("focus the compact column", { _ in #expect(!split.focus(.compact)) }), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]", trace: [])
    }

    @Test func aResizeCollapsesTheChosenDetailOntoThePrimaryAndBack() throws {
        let store = try Self.launchedRegular()
        let driver = store.driver
        try store.step(.tapRow("Alpha"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue showDetail \"ShowAlpha\" TableViewController \"List\" → ViewController \"Item\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "ViewController \"Item\".viewDidLoad",
            "ViewController \"Placeholder\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
            "ViewController \"Placeholder\" released",
        ])
        try store.step(.sizeClass(.compact), state: "Split[Navigation[TableViewController \"List\" › ViewController \"Item\"] ‖ Navigation[]]", trace: [
            "note: the window is now compact width",
            "TableViewController \"List\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "TableViewController \"List\".viewDidDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
        ])
        #expect(driver.top.title == "Item")
        let item = driver.top
        #expect(item.isVisible)
        try store.step(.sizeClass(.regular), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "note: the window is now regular width",
            "TableViewController \"List\".viewWillAppear",
            "NavigationController \"DetailNav\".viewWillAppear",
            "TableViewController \"List\".viewDidAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
        ])
        #expect(driver.top === item, "the detail keeps the focus it had")
    }

    @Test func withNoDetailChosenACollapsedSplitViewLeavesThePlaceholderOut() throws {
        let store = try Self.launchedRegular()
        let driver = store.driver
        let placeholder = try #require(driver.application.visibleControllers.first { $0.title == "Placeholder" })
        try store.step(.sizeClass(.compact), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "note: the window is now compact width",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "ViewController \"Placeholder\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
            "ViewController \"Placeholder\".viewDidDisappear",
        ])
        #expect(!placeholder.isVisible, "it got its disappearance calls")
        try store.step(.sizeClass(.regular), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "note: the window is now regular width",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Placeholder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Placeholder\".viewDidAppear",
        ])
        #expect(placeholder.isVisible)
    }

    @Test func aDetailPoppedWhileCollapsedGivesTheColumnItsPlaceholderBack() throws {
        let store = try Self.launchedRegular()
        try store.step(.tapRow("Alpha"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue showDetail \"ShowAlpha\" TableViewController \"List\" → ViewController \"Item\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "ViewController \"Item\".viewDidLoad",
            "ViewController \"Placeholder\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
            "ViewController \"Placeholder\" released",
        ])
        try store.step(.sizeClass(.compact), state: "Split[Navigation[TableViewController \"List\" › ViewController \"Item\"] ‖ Navigation[]]", trace: [
            "note: the window is now compact width",
            "TableViewController \"List\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "TableViewController \"List\".viewDidDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
        ])
        try store.step(.back, state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[]]", trace: [
            "pop ViewController \"Item\" → TableViewController \"List\"",
            "ViewController \"Item\".viewWillDisappear",
            "TableViewController \"List\".viewWillAppear",
            "ViewController \"Item\".viewDidDisappear",
            "TableViewController \"List\".viewDidAppear",
            "ViewController \"Item\" released",
        ])
        try store.step(.sizeClass(.regular), state: Self.placeholder, trace: [
            "note: the window is now regular width",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Placeholder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Placeholder\".viewDidAppear",
        ])
    }

    @Test func threeColumnsShowSideBySideAndTheCompactColumnReplacesThem() throws {
        let scenes = [
            Scene.split("Split", primary: "Folders", supplementary: "Messages", secondary: "Message", compact: "Phone"),
            Scene.view("Folders"), Scene.view("Messages"), Scene.view("Message"), Scene.view("Phone"),
        ]
        let store = try NavigationStore(scenes, initial: "Split", state: "Split[ViewController \"Folders\" ‖ ViewController \"Messages\" ‖ ViewController \"Message\" ‖ ViewController \"Phone\"]", trace: [
            "root ViewController \"Phone\"",
            "SplitViewController \"Split\".viewDidLoad",
            "ViewController \"Phone\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "ViewController \"Phone\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "ViewController \"Phone\".viewDidAppear",
        ])
        try store.step(.sizeClass(.regular), state: "Split[ViewController \"Folders\" ‖ ViewController \"Messages\" ‖ ViewController \"Message\" ‖ ViewController \"Phone\"]", trace: [
            "note: the window is now regular width",
            "ViewController \"Folders\".viewDidLoad",
            "ViewController \"Messages\".viewDidLoad",
            "ViewController \"Message\".viewDidLoad",
            "ViewController \"Phone\".viewWillDisappear",
            "ViewController \"Folders\".viewWillAppear",
            "ViewController \"Messages\".viewWillAppear",
            "ViewController \"Message\".viewWillAppear",
            "ViewController \"Phone\".viewDidDisappear",
            "ViewController \"Folders\".viewDidAppear",
            "ViewController \"Messages\".viewDidAppear",
            "ViewController \"Message\".viewDidAppear",
        ])
        let driver = store.driver
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        #expect(split.visibleColumns == [.primary, .supplementary, .secondary])
        #expect(Set(driver.application.visibleControllers.compactMap(\.title)) == ["Folders", "Messages", "Message"])
        try store.step(.perform("focus the column before", { _ in #expect(split.focusColumn(offset: -1)) }), state: "Split[ViewController \"Folders\" ‖ ViewController \"Messages\" ‖ ViewController \"Message\" ‖ ViewController \"Phone\"]", trace: [
            "note: the secondary column of SplitViewController \"Split\" has the focus",
        ])
        #expect(driver.top.title == "Message")
        try store.step(.sizeClass(.compact), state: "Split[ViewController \"Folders\" ‖ ViewController \"Messages\" ‖ ViewController \"Message\" ‖ ViewController \"Phone\"]", trace: [
            "note: the window is now compact width",
            "ViewController \"Folders\".viewWillDisappear",
            "ViewController \"Messages\".viewWillDisappear",
            "ViewController \"Message\".viewWillDisappear",
            "ViewController \"Phone\".viewWillAppear",
            "ViewController \"Folders\".viewDidDisappear",
            "ViewController \"Messages\".viewDidDisappear",
            "ViewController \"Message\".viewDidDisappear",
            "ViewController \"Phone\".viewDidAppear",
        ])
        #expect(split.visibleColumns == [.compact])
        #expect(driver.top.title == "Phone")
    }
}

extension SplitViewTests {
    /// Found by the monkey: a detail navigation controller chosen while expanded, collapsed
    /// onto the primary, popped, then expanded again must not leave the column empty.
    @Test func aChosenDetailStackPoppedWhileCollapsedLeavesNoEmptyColumn() throws {
        var scenes = Self.scenes
        scenes[2].segues[0] = Segue.showDetail("DetailNav", from: .cell(id: "a"), identifier: "ShowAlpha")
        let store = try Self.launchedRegular(scenes: scenes)
        try store.step(.tapRow("Alpha"), state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue showDetail \"ShowAlpha\" TableViewController \"List\" → NavigationController \"DetailNav\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "NavigationController \"DetailNav\".viewDidLoad",
            "ViewController \"Placeholder\".viewDidLoad",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "ViewController \"Placeholder\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Placeholder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewDidDisappear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Placeholder\".viewDidAppear",
            "NavigationController \"DetailNav\" released",
            "ViewController \"Placeholder\" released",
        ])
        try store.step(.sizeClass(.compact), state: "Split[Navigation[TableViewController \"List\" › ViewController \"Placeholder\"] ‖ Navigation[]]", trace: [
            "note: the window is now compact width",
            "TableViewController \"List\".viewWillDisappear",
            "NavigationController \"DetailNav\".viewWillDisappear",
            "TableViewController \"List\".viewDidDisappear",
            "NavigationController \"DetailNav\".viewDidDisappear",
        ])
        try store.step(.back, state: "Split[Navigation[TableViewController \"List\"] ‖ Navigation[]]", trace: [
            "pop ViewController \"Placeholder\" → TableViewController \"List\"",
            "ViewController \"Placeholder\".viewWillDisappear",
            "TableViewController \"List\".viewWillAppear",
            "ViewController \"Placeholder\".viewDidDisappear",
            "TableViewController \"List\".viewDidAppear",
            "ViewController \"Placeholder\" released",
        ])
        try store.step(.sizeClass(.regular), state: Self.placeholder, trace: [
            "note: the window is now regular width",
            "NavigationController \"DetailNav\".viewWillAppear",
            "ViewController \"Placeholder\".viewWillAppear",
            "NavigationController \"DetailNav\".viewDidAppear",
            "ViewController \"Placeholder\".viewDidAppear",
            "NavigationController \"DetailNav\" released",
        ])
    }

    /// A detail column whose controller is in no stack (a table of settings as the split
    /// view's detail) and a `show` segue from one of its rows ("Files"): UIKit's adaptive
    /// `show` finds no stack and presents, as `check` says; replacing the column's own
    /// controller would leave no way back. From the primary column, `show` still shows a
    /// detail, and `check` says nothing of it.
    static var bareDetail: [ControllerSpec] {
        [
            Scene.split("Split", primary: "List", secondary: "Torrent"),
            Scene.table("List", rows: [("a", "Alpha")], segues: [Segue.show("Item", from: .cell(id: "a"), identifier: "ShowAlpha")]),
            Scene.table("Torrent", rows: [("files", "Files")], segues: [Segue.show("Files", from: .cell(id: "files"), identifier: "Files")]),
            Scene.view("Item"),
            Scene.view("Files"),
        ]
    }

    @Test func showFromABareDetailColumnPresentsAsCheckSays() throws {
        let document = StoryboardDocument(fileName: "Torrents.storyboard", initialControllerID: "Split", controllers: Self.bareDetail)
        let findings = StoryboardLinter.lint(document, registry: nil).filter { $0.message.contains("modally") }
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.message.contains("show segue \"Files\" from scene") == true, "\(findings)")

        let bare = "Split[TableViewController \"List\" ‖ TableViewController \"Torrent\"]"
        let store = try NavigationStore(Self.bareDetail, initial: "Split", state: bare, trace: [
            "root TableViewController \"List\"",
            "SplitViewController \"Split\".viewDidLoad",
            "TableViewController \"List\".viewDidLoad",
            "SplitViewController \"Split\".viewWillAppear",
            "TableViewController \"List\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "TableViewController \"List\".viewDidAppear",
        ])
        try store.step(.sizeClass(.regular), state: bare, trace: [
            "note: the window is now regular width",
            "TableViewController \"Torrent\".viewDidLoad",
            "TableViewController \"Torrent\".viewWillAppear",
            "TableViewController \"Torrent\".viewDidAppear",
        ])
        try store.step(.focusColumn(.secondary), state: bare, trace: [
            "note: the secondary column of SplitViewController \"Split\" has the focus",
        ])
        try store.step(.tapRow("Files"), state: bare + " ⇒ fullScreen ViewController \"Files\"", trace: [
            "TableViewController \"Torrent\".shouldPerformSegue(Files) → true",
            "segue show \"Files\" TableViewController \"Torrent\" → ViewController \"Files\"",
            "TableViewController \"Torrent\".prepare(Files)",
            "note: show without a navigation controller presents ViewController \"Files\"",
            "ViewController \"Files\".viewDidLoad",
            "SplitViewController \"Split\".viewWillDisappear",
            "TableViewController \"List\".viewWillDisappear",
            "TableViewController \"Torrent\".viewWillDisappear",
            "ViewController \"Files\".viewWillAppear",
            "ViewController \"Files\".viewDidAppear",
            "SplitViewController \"Split\".viewDidDisappear",
            "TableViewController \"List\".viewDidDisappear",
            "TableViewController \"Torrent\".viewDidDisappear",
        ])
        try store.step(.dismiss, state: bare, trace: [
            "dismiss ViewController \"Files\" → TableViewController \"Torrent\"",
            "ViewController \"Files\".viewWillDisappear",
            "SplitViewController \"Split\".viewWillAppear",
            "TableViewController \"List\".viewWillAppear",
            "TableViewController \"Torrent\".viewWillAppear",
            "SplitViewController \"Split\".viewDidAppear",
            "TableViewController \"List\".viewDidAppear",
            "TableViewController \"Torrent\".viewDidAppear",
            "ViewController \"Files\".viewDidDisappear",
            "ViewController \"Files\" released",
        ])
        try store.step(.focusColumn(.primary), state: bare, trace: [
            "note: the primary column of SplitViewController \"Split\" has the focus",
        ])
        try store.step(.tapRow("Alpha"), state: "Split[TableViewController \"List\" ‖ ViewController \"Item\"]", trace: [
            "TableViewController \"List\".shouldPerformSegue(ShowAlpha) → true",
            "segue show \"ShowAlpha\" TableViewController \"List\" → ViewController \"Item\"",
            "TableViewController \"List\".prepare(ShowAlpha)",
            "ViewController \"Item\".viewDidLoad",
            "TableViewController \"Torrent\".viewWillDisappear",
            "ViewController \"Item\".viewWillAppear",
            "TableViewController \"Torrent\".viewDidDisappear",
            "ViewController \"Item\".viewDidAppear",
            "TableViewController \"Torrent\" released",
        ])
    }
}
