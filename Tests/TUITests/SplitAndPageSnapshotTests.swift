import Flow
import Testing
import TestSupport
import TUI

/// Split views drawn as columns on a wide screen and as one stack on a narrow one, across a
/// resize; page view controllers with their dots; hosting controllers and empty containers
/// saying where their content comes from.
@Suite struct SplitAndPageSnapshotTests {
    /// A split view of a mail-like list and a detail column.
    static var splitScenes: [ControllerSpec] {
        var item = Scene.view("Item", title: "Alpha", buttons: [("reply", "Reply")])
        item.view?.subviews.insert(ViewSpec(id: "body", kind: .label(text: "Alpha's message, in full.", alignment: .natural, isBold: false)), at: 0)
        var placeholder = Scene.view("Placeholder", title: "")
        placeholder.view?.subviews = [ViewSpec(id: "hint", kind: .label(text: "Select a message.", alignment: .center, isBold: false))]
        return [
            Scene.split("Split", primary: "ListNav", secondary: "DetailNav"),
            Scene.navigation("ListNav", root: "List"),
            Scene.table("List", title: "Inbox", rows: [("a", "Alpha"), ("b", "Beta")], segues: [
                Segue.showDetail("Item", from: .cell(id: "a"), identifier: "ShowAlpha"),
            ]),
            Scene.navigation("DetailNav", root: "Placeholder"),
            placeholder, item,
        ]
    }

    @Test func aSplitViewShowsItsColumnsSideBySideAt140Columns() {
        let fixture = PilotFixture(Self.splitScenes, initial: "Split", size: Size(width: 140, height: 12))
        fixture.pilot.press(.enter)
        assertSnapshot(fixture.pilot.screen, named: "split-wide")
        #expect(fixture.pilot.shows("Inbox") && fixture.pilot.shows("Alpha's message, in full."))
        #expect(fixture.pilot.shell.lastFrame.bindings.contains { $0.label == "Tab" && $0.help == "next column" })
        // Tab takes the keys to the detail column, whose button then presses with Enter.
        fixture.pilot.press(.tab)
        #expect(fixture.application.topViewController?.title == "Alpha")
        #expect(fixture.pilot.shell.lastFrame.bindings.contains { $0.keys.contains(.escape) && $0.help == "previous column" })
        fixture.pilot.press(.escape)
        #expect(fixture.application.topViewController?.title == "Inbox")
        // A click in the other column gives it the focus.
        fixture.pilot.click(x: 100, y: 6)
        #expect(fixture.application.topViewController?.title == "Alpha")
    }

    /// A detail column in no stack, whose "Files" row shows another scene: it is presented
    /// over the split view with Esc to close it (as `check` says), not put in the column's
    /// place with no way back.
    @Test func showFromADetailColumnInNoStackIsPresentedWithAWayBack() {
        var files = Scene.view("Files")
        files.view?.subviews = [ViewSpec(id: "list", kind: .label(text: "movie.mkv", alignment: .natural, isBold: false))]
        let scenes = [
            Scene.split("Split", primary: "List", secondary: "Torrent"),
            Scene.table("List", title: "Torrents", rows: [("a", "Ubuntu")]),
            Scene.table("Torrent", title: "Details", rows: [("files", "Files")], segues: [Segue.show("Files", from: .cell(id: "files"), identifier: "Files")]),
            files,
        ]
        let fixture = PilotFixture(scenes, initial: "Split", size: Size(width: 100, height: 8))
        fixture.pilot.press(.tab, .enter)
        assertScreen(fixture.pilot.screenLines, equals: [
            "                                               Files",
            "────────────────────────────────────────────────────────────────────────────────────────────────────",
            "",
            "  movie.mkv",
            "",
            "",
            "",
            " Esc  close   ?  help",
        ])
        fixture.pilot.press(.escape)
        #expect(fixture.application.topViewController?.title == "Details")
        #expect(fixture.pilot.shows("Ubuntu") && fixture.pilot.shows("Files"))
    }

    @Test func aSplitViewIsOneStackAt80Columns() {
        let fixture = PilotFixture(Self.splitScenes, initial: "Split", size: Size(width: 80, height: 12))
        assertSnapshot(fixture.pilot.screen, named: "split-narrow")
        #expect(!fixture.pilot.shows("Select a message."))
        fixture.pilot.press(.enter)
        #expect(fixture.pilot.shows("‹ Inbox"), "the detail is pushed, with a back button")
        #expect(fixture.application.navigationState.description.contains("Navigation[TableViewController \"Inbox\" › ViewController \"Alpha\"]"))
    }

    @Test func aResizeAcrossTheThresholdReLaysTheSplitView() {
        let fixture = PilotFixture(Self.splitScenes, initial: "Split", size: Size(width: 140, height: 12))
        fixture.pilot.press(.enter)
        fixture.pilot.resize(width: 80, height: 12)
        assertSnapshot(fixture.pilot.screen, named: "split-resized-narrow")
        #expect(fixture.pilot.shows("‹ Inbox") && fixture.pilot.shows("Alpha's message, in full."))
        fixture.pilot.resize(width: 140, height: 12)
        #expect(fixture.pilot.screen == Self.wideWithDetailFocused(), "back to columns, the detail keeping the keys")
        #expect(fixture.application.invariantViolations.isEmpty)
    }

    /// The wide screen with Alpha shown and its column focused, drawn from scratch.
    static func wideWithDetailFocused() -> String {
        let fixture = PilotFixture(splitScenes, initial: "Split", size: Size(width: 140, height: 12))
        fixture.pilot.press(.enter)
        fixture.pilot.press(.tab)
        return fixture.pilot.screen
    }

    /// Three pages of a tour, given by a data source.
    final class TourPages: PageViewController, PageViewControllerDataSource {
        let pages = ["Welcome", "Your list", "Sharing"].map { title -> ViewController in
            let page = ViewController()
            page.title = title
            let view = View(id: title)
            view.addSubview(Label(id: title + ".text", text: "Page: \(title)"))
            page.view = view
            return page
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            dataSource = self
            setViewControllers([pages[0]])
        }

        func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController? {
            pages.firstIndex { $0 === viewController }.flatMap { $0 > 0 ? pages[$0 - 1] : nil }
        }

        func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController? {
            pages.firstIndex { $0 === viewController }.flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
        }

        func presentationCount(for pageViewController: PageViewController) -> Int? { pages.count }

        func presentationIndex(for pageViewController: PageViewController) -> Int? {
            viewControllers.first.flatMap { page in pages.firstIndex { $0 === page } }
        }
    }

    @Test func aPageViewControllerTurnsItsPagesWithTheArrowsAndShowsDots() throws {
        let registry = ClassRegistry()
        registry.register(TourPages.self, as: "TourPages")
        let pages = ControllerSpec(id: "Pages", kind: .pageViewController, customClass: "TourPages", storyboardIdentifier: "Pages")
        let fixture = PilotFixture([pages], initial: "Pages", registry: registry, size: Size(width: 40, height: 8))
        let pilot = fixture.pilot
        // Each key is a step: the pages it leaves and every event it records.
        let store = try NavigationStore(driver: FlowDriver(application: fixture.application), state: "TourPages[ViewController \"Welcome\"]", trace: [
            "root TourPages",
            "TourPages.viewDidLoad",
            "TourPages.viewWillAppear",
            "ViewController \"Welcome\".viewWillAppear",
            "TourPages.viewDidAppear",
            "ViewController \"Welcome\".viewDidAppear",
        ])
        #expect(pilot.shows("Page: Welcome") && pilot.shows("● ○ ○"))
        try store.step(.perform("press →", { _ in pilot.press(.right) }), state: "TourPages[ViewController \"Your list\"]", trace: [
            "turn page ViewController \"Welcome\" → ViewController \"Your list\"",
            "ViewController \"Welcome\".viewWillDisappear",
            "ViewController \"Your list\".viewWillAppear",
            "ViewController \"Welcome\".viewDidDisappear",
            "ViewController \"Your list\".viewDidAppear",
            "ViewController \"Welcome\" released",
        ])
        assertSnapshot(pilot.screen, named: "page-second")
        #expect(pilot.shows("Page: Your list") && pilot.shows("○ ● ○"))
        try store.step(.perform("press →", { _ in pilot.press(.right) }), state: "TourPages[ViewController \"Sharing\"]", trace: [
            "turn page ViewController \"Your list\" → ViewController \"Sharing\"",
            "ViewController \"Your list\".viewWillDisappear",
            "ViewController \"Sharing\".viewWillAppear",
            "ViewController \"Your list\".viewDidDisappear",
            "ViewController \"Sharing\".viewDidAppear",
            "ViewController \"Your list\" released",
        ])
        try store.step(.perform("press → on the last page", { _ in pilot.press(.right) }), state: "TourPages[ViewController \"Sharing\"]", trace: [])
        #expect(pilot.shows("Page: Sharing"), "the last page stays")
        try store.step(.perform("press ←", { _ in pilot.press(.left) }), state: "TourPages[ViewController \"Your list\"]", trace: [
            "turn page ViewController \"Sharing\" → ViewController \"Your list\"",
            "ViewController \"Sharing\".viewWillDisappear",
            "ViewController \"Your list\".viewWillAppear",
            "ViewController \"Sharing\".viewDidDisappear",
            "ViewController \"Your list\".viewDidAppear",
            "ViewController \"Sharing\" released",
        ])
        #expect(pilot.shows("Page: Your list"))
        withExtendedLifetime(fixture) {}
    }

    @Test func emptyContainersSayWhereTheirContentComesFrom() {
        let pages = ControllerSpec(id: "Pages", kind: .pageViewController, customClass: "AlertPager", storyboardIdentifier: "Pages")
        let tabs = Scene.tabs("Tabs", [])
        let onPages = PilotFixture([pages], initial: "Pages", size: Size(width: 80, height: 8))
        #expect(onPages.pilot.shows("The pages of this page view controller come from its code"))
        #expect(onPages.pilot.shows("(AlertPager)"))
        let onTabs = PilotFixture([tabs], initial: "Tabs", size: Size(width: 60, height: 8))
        assertSnapshot(onTabs.pilot.screen, named: "tab-bar-empty")
        #expect(onTabs.pilot.shows("The tabs of this tab bar controller come from its code."))
    }

    @Test func aHostingControllerSaysWhatItHostsAndKeepsItsSegues() {
        var host = ControllerSpec(id: "Host", kind: .hostingController, customClass: "SettingsViewHostingController", storyboardIdentifier: "Host")
        host.segues = [Segue.show("Account", identifier: "ShowAccount")]
        let fixture = PilotFixture(
            [Scene.navigation("N", root: "Host"), host, Scene.view("Account")], initial: "N", size: Size(width: 70, height: 14))
        assertSnapshot(fixture.pilot.screen, named: "hosting-controller")
        #expect(fixture.pilot.shows("SwiftUI: SettingsView"))
        #expect(fixture.pilot.shows("Hosted by SettingsViewHostingController."))
        fixture.pilot.press(.enter)
        #expect(fixture.application.topViewController?.title == "Account", "its segue is not a dead end")
        fixture.pilot.press(.escape)
        #expect(fixture.pilot.shows("SwiftUI: SettingsView"))
    }

    @Test func aSceneLeftEmptyForItsCodeSaysSo() {
        var explore = Scene.view("Explore", customClass: "ExploreViewController")
        explore.view?.subviews = []
        var plain = Scene.view("Plain")
        plain.view?.subviews = []
        let fixture = PilotFixture([Scene.tabs("Tabs", ["Explore", "Plain"]), explore, plain], initial: "Tabs", size: Size(width: 80, height: 10))
        #expect(fixture.pilot.shows("This scene's content comes from its code (ExploreViewController)."))
        // A scene with no class of its own is simply empty: no code was meant to fill it.
        fixture.pilot.press(.char("2"))
        #expect(!fixture.pilot.shows("comes from its code"))
    }
}
