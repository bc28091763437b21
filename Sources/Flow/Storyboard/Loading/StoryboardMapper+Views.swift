/// Views and controls.
extension StoryboardMapper {
    /// A view element and its subviews.
    mutating func mapView(_ element: ParsedElement) -> ViewSpec {
        let id = elementID(element)
        var subviews = element.child(named: "subviews").map { $0.children.map { mapView($0) } } ?? []
        var image: Image?
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
                text: plainOrAttributedText(element, "text", attributedKey: "attributedText") ?? "",
                alignment: element["textAlignment"].flatMap(TextAlignment.init(rawValue:)) ?? .natural,
                isBold: isBold(element))
        case "textField":
            let traits = element.child(named: "textInputTraits")
            kind = .textField(
                text: plainOrAttributedText(element, "text", attributedKey: "attributedText") ?? "",
                placeholder: text(element, "placeholder"),
                isSecure: flag(element["secureTextEntry"]) || flag(traits?["secureTextEntry"]))
        case "textView":
            kind = .textView(text: plainOrAttributedText(element, "text", attributedKey: "attributedText") ?? "")
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
            image = buttonImage(element)
        case "segmentedControl":
            // A segment of an image alone shows the image's name.
            let segments = (element.child(named: "segments")?.children(named: "segment") ?? []).map {
                nonEmpty(text($0, "title")) ?? self.image(of: $0)?.name ?? ""
            }
            // Absent means UIKit's "no segment"; an index past the end means the same.
            let selected = element["selectedSegmentIndex"].flatMap { Int($0) } ?? -1
            kind = .segmentedControl(
                segments: segments, selectedIndex: segments.indices.contains(selected) ? selected : -1)
        case "datePicker":
            kind = .datePicker(datePicker(element))
        case "progressView":
            kind = .progressView(progress: number(element["progress"]) ?? 0)
        case "imageView":
            image = self.image(of: element)
            kind = .imageView(imageName: image?.name)
        case "containerView":
            kind = .containerView
        case "navigationBar":
            // A bar placed as a subview owns its item; the item's buttons become the bar's
            // subviews so they can be drawn and pressed like any control, their frames at the
            // bar's left or right edge as the items sit.
            let item = element.child(named: "items")?.children(named: "navigationItem").first
            kind = .navigationBar(title: item.flatMap { text($0, "title") })
            if let item {
                let navigationItem = mapNavigationItem(item)
                let right = max(1, frameSize(of: element)?.width ?? 1)
                subviews += navigationItem.leftItems.map { barButtonView($0, x: 0) }
                subviews += navigationItem.rightItems.map { barButtonView($0, x: right) }
            }
        case "tableView":
            var table = mapTable(element)
            for key in ["tableHeaderView", "tableFooterView"] {
                guard let extra = element.child(key: key) else { continue }
                let view = mapView(extra)
                if key == "tableHeaderView" { table.headerViewID = view.id } else { table.footerViewID = view.id }
                subviews.append(view)
            }
            kind = .table(table)
        case "collectionView":
            var collection = mapCollection(element)
            // Section headers and footers are drawn as table section headers are: a row of
            // their views above and below the items.
            for key in ["sectionHeaderView", "sectionFooterView"] {
                guard let extra = element.child(key: key) else { continue }
                let view = mapView(extra)
                if key == "sectionHeaderView" { collection.headerViewID = view.id } else { collection.footerViewID = view.id }
                subviews.append(view)
            }
            kind = .collection(collection)
        case "activityIndicatorView":
            kind = .activityIndicator(isAnimating: flag(element["animating"]), hidesWhenStopped: flag(element["hidesWhenStopped"]))
        case "searchBar":
            kind = .searchBar(text: text(element, "text") ?? "", placeholder: nonEmpty(text(element, "placeholder")))
        case "toolbar":
            kind = .toolbar(items: barButtonItems(in: element.child(named: "items")))
        case "pageControl":
            let pages = max(0, min(element["numberOfPages"].flatMap { Int($0) } ?? 0, 1_000))
            let current = element["currentPage"].flatMap { Int($0) } ?? 0
            kind = .pageControl(numberOfPages: pages, currentPage: min(max(current, 0), max(pages - 1, 0)))
        case "pickerView":
            kind = .pickerView
        case "mapView":
            kind = .mapView
        case "wkWebView", "webView":
            kind = .webView(url: webAddress(element))
        case "visualEffectView":
            // What it shows is its content view's subviews; the blur has no terminal form.
            kind = .view
            if let content = element.child(named: "view", key: "contentView") { subviews.insert(mapView(content), at: 0) }
        default:
            if let reading = ViewElementKinds.reading(element.name) {
                kind = .element(reading.init(element: element, mapper: &self))
            } else {
                kind = .unknown(elementName: element.name)
                warning(
                    "unsupported view <\(DiagnosticText.escaped(element.name))>; it is drawn as a placeholder box",
                    at: element.location)
            }
        }
        let runtime = runtimeAttributes(of: element)
        var spec = ViewSpec(
            id: id,
            kind: kind,
            customClass: nonEmpty(element["customClass"]),
            frameOrigin: frameOrigin(of: element),
            frameSize: frameSize(of: element),
            backgroundColor: backgroundColor(of: element),
            image: image,
            isHidden: flag(element["hidden"]),
            // A stack view's order is its arrangement, whatever the frames say.
            subviews: element.name == "stackView" ? subviews : orderedTopToBottom(subviews),
            actions: actions(of: element),
            outlets: outlets(of: element),
            runtimeAttributes: runtime,
            accessibility: accessibility(of: element, runtime: runtime),
            location: element.location)
        if element.name == "label" { spec.numberOfLines = element["numberOfLines"].flatMap { Int($0) }.map { max(0, $0) } ?? 1 }
        spec.isScrollEnabled = element["scrollEnabled"] != "NO"
        return spec
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
    /// still writes (often as the placeholder "Button"); a configuration with an image and no
    /// title shows the image alone. Untitled system buttons get a name.
    func buttonTitle(_ element: ParsedElement) -> String {
        if let configuration = element.child(named: "buttonConfiguration") {
            if let title = plainOrAttributedText(configuration, "title", attributedKey: "attributedTitle") { return title }
            if image(of: configuration) != nil { return "" }
        }
        if let normal = element.child(named: "state", key: "normal"),
            let title = plainOrAttributedText(normal, "title", attributedKey: "attributedTitle")
        {
            return title
        }
        if let title = element["title"] { return title }
        switch element["buttonType"] {
        case "infoLight", "infoDark", "detailDisclosure": return "Info"
        case "contactAdd": return "+"
        default: return ""
        }
    }

    /// A bar button item of a standalone navigation bar, as a button subview at `x` in the
    /// bar.
    private func barButtonView(_ item: BarButtonItemSpec, x: Double) -> ViewSpec {
        var runtimeAttributes: [String: String] = [:]
        if let key = item.keyEquivalent { runtimeAttributes["keyEquivalent"] = key }
        // An item's image shows in place of its title, as in a bar; one with an image only is
        // a button with an image only, named as one.
        let title = item.image == nil ? item.displayTitle : ""
        return ViewSpec(
            id: item.id, kind: .button(title: title), frameOrigin: (x, 0), image: item.image, actions: item.actions,
            runtimeAttributes: runtimeAttributes, accessibility: item.accessibility, location: item.location)
    }
}
