/// Views and controls.
extension StoryboardMapper {
    /// A view element and its subviews.
    mutating func mapView(_ element: ParsedElement) -> ViewSpec {
        let id = elementID(element)
        var subviews = element.child(named: "subviews").map { $0.children.map { mapView($0) } } ?? []
        let kind: ViewKind
        switch element.name {
        case "view", "tableViewCellContentView", "collectionViewCellContentView", "collectionReusableView":
            kind = .view
        case "stackView":
            kind = .stackView(axis: element["axis"] == "vertical" ? .vertical : .horizontal)
        case "scrollView":
            kind = .scrollView
        case "label":
            kind = .label(
                text: text(element, "text") ?? "",
                alignment: element["textAlignment"].flatMap(TextAlignment.init(rawValue:)) ?? .natural,
                isBold: isBold(element))
        case "textField":
            let traits = element.child(named: "textInputTraits")
            kind = .textField(
                text: text(element, "text") ?? "",
                placeholder: text(element, "placeholder"),
                isSecure: flag(element["secureTextEntry"]) || flag(traits?["secureTextEntry"]))
        case "textView":
            kind = .textView(text: text(element, "text") ?? "")
        case "slider":
            // Xcode leaves out values equal to UIKit's defaults.
            kind = .slider(
                value: number(element["value"]) ?? 0,
                minimum: number(element["minValue"]) ?? 0,
                maximum: number(element["maxValue"]) ?? 1)
        case "switch":
            kind = .toggle(isOn: flag(element["on"]))
        case "stepper":
            kind = .stepper(
                value: number(element["value"]) ?? 0,
                minimum: number(element["minimumValue"]) ?? 0,
                maximum: number(element["maximumValue"]) ?? 100,
                step: number(element["stepValue"]) ?? 1)
        case "button":
            kind = .button(title: buttonTitle(element))
        case "segmentedControl":
            let segments = (element.child(named: "segments")?.children(named: "segment") ?? []).map {
                text($0, "title") ?? ""
            }
            // Absent means UIKit's "no segment"; an index past the end means the same.
            let selected = element["selectedSegmentIndex"].flatMap { Int($0) } ?? -1
            kind = .segmentedControl(
                segments: segments, selectedIndex: segments.indices.contains(selected) ? selected : -1)
        case "datePicker":
            kind = .datePicker
        case "progressView":
            kind = .progressView(progress: number(element["progress"]) ?? 0)
        case "imageView":
            kind = .imageView(imageName: nonEmpty(element["image"]))
        case "containerView":
            kind = .containerView
        case "navigationBar":
            // A bar placed as a subview owns its item; the item's buttons become the bar's
            // subviews so they can be drawn and pressed like any control.
            let item = element.child(named: "items")?.children(named: "navigationItem").first
            kind = .navigationBar(title: item.flatMap { text($0, "title") })
            if let item {
                let navigationItem = mapNavigationItem(item)
                subviews += (navigationItem.leftItems + navigationItem.rightItems).map(barButtonView)
            }
        case "tableView":
            kind = .table(mapTable(element))
            for key in ["tableHeaderView", "tableFooterView"] {
                if let extra = element.child(key: key) { subviews.append(mapView(extra)) }
            }
        case "collectionView":
            kind = .collection(mapCollection(element))
        default:
            kind = .unknown(elementName: element.name)
            warning(
                "unsupported view <\(DiagnosticText.escaped(element.name))>; it is drawn as a placeholder box",
                at: element.location)
        }
        let runtime = runtimeAttributes(of: element)
        return ViewSpec(
            id: id,
            kind: kind,
            customClass: nonEmpty(element["customClass"]),
            frameOrigin: frameOrigin(of: element),
            frameSize: frameSize(of: element),
            backgroundColor: backgroundColor(of: element),
            isHidden: flag(element["hidden"]),
            // A stack view's order is its arrangement, whatever the frames say.
            subviews: element.name == "stackView" ? subviews : orderedTopToBottom(subviews),
            actions: actions(of: element),
            outlets: outlets(of: element),
            runtimeAttributes: runtime,
            accessibility: accessibility(of: element, runtime: runtime),
            imageName: element.name == "button" ? buttonImage(element) : nil,
            location: element.location)
    }

    /// Siblings by frame, top to bottom then left to right; file order when any lacks a frame.
    func orderedTopToBottom(_ views: [ViewSpec]) -> [ViewSpec] {
        guard views.count > 1, views.allSatisfy({ $0.frameOrigin != nil }) else { return views }
        return views.enumerated().sorted { first, second in
            let a = first.element.frameOrigin ?? (0, 0)
            let b = second.element.frameOrigin ?? (0, 0)
            if a.y != b.y { return a.y < b.y }
            if a.x != b.x { return a.x < b.x }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// Bold when the font's type, weight or name says so (`boldSystem`, `weight="bold"`,
    /// `Helvetica-Bold`), or the weight is heavier than bold.
    private func isBold(_ element: ParsedElement) -> Bool {
        guard let font = element.child(named: "fontDescription") else { return false }
        for attribute: StaticString in ["type", "weight", "name"] {
            if let value = font[attribute]?.lowercased(), value.contains("bold") { return true }
        }
        return font["weight"] == "heavy" || font["weight"] == "black"
    }

    /// The Xcode 13+ configuration title wins over the normal state's title, which Xcode
    /// still writes (often as the placeholder "Button"). Untitled system buttons get a name.
    func buttonTitle(_ element: ParsedElement) -> String {
        if let configuration = element.child(named: "buttonConfiguration"), let title = text(configuration, "title") {
            return title
        }
        if let normal = element.child(named: "state", key: "normal"), let title = text(normal, "title") {
            return title
        }
        if let title = element["title"] { return title }
        switch element["buttonType"] {
        case "infoLight", "infoDark", "detailDisclosure": return "Info"
        case "contactAdd": return "+"
        default: return ""
        }
    }

    /// A bar button item of a standalone navigation bar, as a button subview.
    private func barButtonView(_ item: BarButtonItemSpec) -> ViewSpec {
        var runtimeAttributes: [String: String] = [:]
        if let key = item.keyEquivalent { runtimeAttributes["keyEquivalent"] = key }
        // An item with an image only is a button with an image only, named as one.
        return ViewSpec(
            id: item.id, kind: .button(title: item.isImageOnly ? "" : item.displayTitle), actions: item.actions,
            runtimeAttributes: runtimeAttributes, accessibility: item.accessibility, imageName: item.imageName,
            location: item.location)
    }
}
