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
        let driver = try FlowDriver.launch(storyboard)
        let bar = try #require(application.rootViewController as? TabBarController)
        #expect((0..<bar.viewControllers.count).map { bar.title(ofTab: $0) } == ["Made", "A", "B"])
        #expect(driver.top.displayTitle == "Made")
        // The made tab appears once; A, selected before the change but never shown, gets nothing.
        #expect(application.trace.sceneCalls(["Made", "A"]) == ["Made.viewDidLoad", "Made.viewWillAppear", "Made.viewDidAppear"])
        // Once on screen, switching tabs is a transition again.
        application.trace.clear()
        bar.select(1)
        #expect(application.trace.sceneCalls(["Made", "A"]) == [
            "A.viewDidLoad", "Made.viewWillDisappear", "A.viewWillAppear", "Made.viewDidDisappear", "A.viewDidAppear",
        ])
    }
}
