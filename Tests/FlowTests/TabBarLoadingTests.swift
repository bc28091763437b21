import Flow
import Testing
import TestSupport

/// A tab bar that adds a tab made in code while its view loads, as UIKit apps do in
/// `viewDidLoad`.
final class CodeTabsController: TabBarController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let made = ViewController()
        made.title = "Made"
        setViewControllers([made] + viewControllers)
    }
}

@Suite struct TabBarLoadingTests {
    @Test func tabsSetWhileLoadingAppearWithTheTabBar() throws {
        let registry = ClassRegistry()
        registry.register(CodeTabsController.self, as: "CodeTabs")
        var tabs = Scene.tabs("T", ["A", "B"])
        tabs.customClass = "CodeTabs"
        let (application, storyboard) = makeApplication([tabs, Scene.view("A"), Scene.view("B")], initial: "T", registry: registry)
        // The made tab appears once; A, selected before the change but never shown, gets nothing.
        // (The root event names A: it is recorded before the tab bar's view loads and adds Made.)
        let store = try withExtendedLifetime(application) { try NavigationStore(launching: storyboard, state: "CodeTabs[*ViewController \"Made\" | ViewController \"A\" | ViewController \"B\"]", trace: [
            "root ViewController \"A\"",
            "CodeTabs.viewDidLoad",
            "ViewController \"Made\".viewDidLoad",
            "CodeTabs.viewWillAppear",
            "ViewController \"Made\".viewWillAppear",
            "CodeTabs.viewDidAppear",
            "ViewController \"Made\".viewDidAppear",
        ]) }
        let bar = try #require(application.rootViewController as? TabBarController)
        #expect((0..<bar.viewControllers.count).map { bar.title(ofTab: $0) } == ["Made", "A", "B"])
        #expect(store.driver.top.displayTitle == "Made")
        // Once on screen, switching tabs is a transition again.
        try store.step(.selectTab(1), state: "CodeTabs[ViewController \"Made\" | *ViewController \"A\" | ViewController \"B\"]", trace: [
            "tab ViewController \"Made\" → ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"Made\".viewWillDisappear",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"Made\".viewDidDisappear",
            "ViewController \"A\".viewDidAppear",
        ])
    }
}
