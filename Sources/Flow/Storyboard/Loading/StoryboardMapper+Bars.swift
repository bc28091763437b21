/// Navigation items, bar button items and tab bar items.
extension StoryboardMapper {
    /// A navigation item: `<nil key="title"/>` and a missing title both mean "no title".
    mutating func mapNavigationItem(_ element: ParsedElement) -> NavigationItemSpec {
        var leftItems: [BarButtonItemSpec] = []
        var rightItems: [BarButtonItemSpec] = []
        var backButtonTitle = element["backButtonTitle"]
        var titleView: ViewSpec?
        for child in element.children {
            switch (child.name, child.key) {
            case ("barButtonItem", "leftBarButtonItem"): leftItems.append(mapBarButtonItem(child))
            case ("barButtonItem", "rightBarButtonItem"): rightItems.append(mapBarButtonItem(child))
            case ("barButtonItem", "backBarButtonItem"):
                // The back item's title wins over `backButtonTitle`; " " shows an arrow alone.
                backButtonTitle = text(child, "title") ?? backButtonTitle
            case (_, "titleView"): titleView = mapView(child)
            case ("leftBarButtonItems", _):
                leftItems += child.children(named: "barButtonItem").map { mapBarButtonItem($0) }
            case ("rightBarButtonItems", _):
                rightItems += child.children(named: "barButtonItem").map { mapBarButtonItem($0) }
            default: break
            }
        }
        return NavigationItemSpec(
            id: nonEmpty(element["id"]), title: text(element, "title"), backButtonTitle: backButtonTitle,
            leftItems: leftItems, rightItems: rightItems, titleView: titleView)
    }

    /// A bar button item. One wrapping a control (`<button key="customView">`) takes the
    /// button's title, actions and key equivalent when it has none of its own.
    mutating func mapBarButtonItem(_ element: ParsedElement) -> BarButtonItemSpec {
        let customButton = element.child(named: "button", key: "customView")
        var title = nonEmpty(text(element, "title"))
        var actions = actions(of: element)
        let runtime = runtimeAttributes(of: element)
        var keyEquivalent = runtime["keyEquivalent"]
        var image = image(of: element)
        var accessibility = accessibility(of: element, runtime: runtime)
        if let customButton {
            if title == nil { title = nonEmpty(buttonTitle(customButton)) }
            actions += self.actions(of: customButton)
            let buttonRuntime = runtimeAttributes(of: customButton)
            if keyEquivalent == nil { keyEquivalent = buttonRuntime["keyEquivalent"] }
            if image == nil { image = buttonImage(customButton) }
            // The item's own words win; the button inside fills in what the item leaves out.
            if accessibility.isEmpty { accessibility = self.accessibility(of: customButton, runtime: buttonRuntime) }
        }
        // Any other control in the item's place is the item's custom view.
        let customView = customButton == nil
            ? element.children.first { $0.key == "customView" && $0.name != "button" }.map { mapView($0) } : nil
        var spec = BarButtonItemSpec(
            id: elementID(element),
            title: title,
            systemItem: element["systemItem"].flatMap(BarButtonSystemItem.init(rawValue:)),
            image: image,
            style: element["style"],
            actions: actions,
            keyEquivalent: keyEquivalent,
            isEnabled: element["enabled"] != "NO",
            accessibility: accessibility,
            location: element.location)
        spec.customView = customView
        return spec
    }

    func mapTabBarItem(_ element: ParsedElement) -> TabBarItemSpec {
        TabBarItemSpec(
            id: nonEmpty(element["id"]), title: text(element, "title"), systemItem: element["systemItem"],
            imageName: nonEmpty(element["image"]), accessibility: accessibility(of: element, runtime: runtimeAttributes(of: element)))
    }
}
