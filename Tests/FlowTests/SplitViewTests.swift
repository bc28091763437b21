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

    static func launch(_ sizeClass: SizeClass, scenes: [ControllerSpec] = scenes) throws -> FlowDriver {
        let driver = try TestSupport.launch(scenes, initial: "Split")
        driver.application.setHorizontalSizeClass(sizeClass)
        return driver
    }

    @Test func aCompactWindowShowsThePrimaryAndPushesDetails() throws {
        let driver = try Self.launch(.compact)
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]")
        #expect(driver.top.title == "List")
        try driver.tapRow("Alpha")
        #expect(driver.stack == ["List", "Item"])
        #expect(driver.application.invariantViolations.isEmpty)
    }

    @Test func aRegularWindowShowsTheColumnsAndReplacesTheDetail() throws {
        let driver = try Self.launch(.regular)
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        #expect(split.visibleColumns == [.primary, .secondary])
        #expect(driver.application.visibleControllers.map(\.title).contains("Placeholder"))
        try driver.tapRow("Alpha")
        // The list stays as it was; the detail column shows the item instead of the placeholder.
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]")
        #expect(driver.top.title == "List", "the keys stay in the list")
        try driver.tapRow("Beta")
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Other\"]]")
        #expect(driver.application.trace.events.contains { $0.description.contains("show detail") || $0.description.contains("ShowBeta") })
        #expect(driver.application.invariantViolations.isEmpty)
    }

    @Test func theFocusMovesBetweenColumns() throws {
        let driver = try Self.launch(.regular)
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        #expect(split.focusedColumn == .primary)
        try driver.tapRow("Alpha")
        #expect(split.focusColumn(offset: 1))
        #expect(driver.top.title == "Item")
        // A push in the detail column stays in that column.
        try driver.tapButton("More")
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\" › ViewController \"Deeper\"]]")
        #expect(split.focusColumn(offset: 1))
        #expect(split.focusedColumn == .primary)
        #expect(!split.focus(.compact), "a column not on screen can't take the focus")
    }

    @Test func aResizeCollapsesTheChosenDetailOntoThePrimaryAndBack() throws {
        let driver = try Self.launch(.regular)
        try driver.tapRow("Alpha")
        driver.application.setHorizontalSizeClass(.compact)
        #expect(driver.stack == ["List", "Item"])
        #expect(driver.top.title == "Item")
        #expect(driver.application.invariantViolations.isEmpty)
        let item = driver.top
        #expect(item.isVisible)
        driver.application.setHorizontalSizeClass(.regular)
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Item\"]]")
        #expect(driver.top === item, "the detail keeps the focus it had")
        #expect(driver.application.invariantViolations.isEmpty)
    }

    @Test func withNoDetailChosenACollapsedSplitViewLeavesThePlaceholderOut() throws {
        let driver = try Self.launch(.regular)
        let placeholder = try #require(driver.application.visibleControllers.first { $0.title == "Placeholder" })
        driver.application.setHorizontalSizeClass(.compact)
        #expect(driver.stack == ["List"])
        #expect(!placeholder.isVisible, "it got its disappearance calls")
        driver.application.setHorizontalSizeClass(.regular)
        #expect(placeholder.isVisible)
        #expect(driver.application.invariantViolations.isEmpty)
    }

    @Test func aDetailPoppedWhileCollapsedGivesTheColumnItsPlaceholderBack() throws {
        let driver = try Self.launch(.regular)
        try driver.tapRow("Alpha")
        driver.application.setHorizontalSizeClass(.compact)
        try driver.tapBack()
        #expect(driver.stack == ["List"])
        driver.application.setHorizontalSizeClass(.regular)
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]")
        #expect(driver.application.invariantViolations.isEmpty)
    }

    @Test func threeColumnsShowSideBySideAndTheCompactColumnReplacesThem() throws {
        let scenes = [
            Scene.split("Split", primary: "Folders", supplementary: "Messages", secondary: "Message", compact: "Phone"),
            Scene.view("Folders"), Scene.view("Messages"), Scene.view("Message"), Scene.view("Phone"),
        ]
        let driver = try Self.launch(.regular, scenes: scenes)
        let split = try #require(driver.application.rootViewController as? SplitViewController)
        #expect(split.visibleColumns == [.primary, .supplementary, .secondary])
        #expect(Set(driver.application.visibleControllers.compactMap(\.title)) == ["Folders", "Messages", "Message"])
        #expect(split.focusColumn(offset: -1))
        #expect(driver.top.title == "Message")
        driver.application.setHorizontalSizeClass(.compact)
        #expect(split.visibleColumns == [.compact])
        #expect(driver.top.title == "Phone")
        #expect(driver.application.invariantViolations.isEmpty)
    }
}

extension SplitViewTests {
    /// Found by the monkey: a detail navigation controller chosen while expanded, collapsed
    /// onto the primary, popped, then expanded again must not leave the column empty.
    @Test func aChosenDetailStackPoppedWhileCollapsedLeavesNoEmptyColumn() throws {
        var scenes = Self.scenes
        scenes[2].segues[0] = Segue.showDetail("DetailNav", from: .cell(id: "a"), identifier: "ShowAlpha")
        let driver = try Self.launch(.regular, scenes: scenes)
        try driver.tapRow("Alpha")
        driver.application.setHorizontalSizeClass(.compact)
        #expect(driver.stack == ["List", "Placeholder"])
        try driver.tapBack()
        driver.application.setHorizontalSizeClass(.regular)
        #expect(driver.application.invariantViolations.isEmpty, "\(driver.application.invariantViolations)")
        #expect(driver.application.navigationState.description == "Split[Navigation[TableViewController \"List\"] ‖ Navigation[ViewController \"Placeholder\"]]")
    }
}
