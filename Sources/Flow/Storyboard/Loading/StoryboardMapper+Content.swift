import struct FoundationEssentials.Date

/// What views show besides plain text: images, attributed text, dates, the items of a toolbar.
extension StoryboardMapper {
    /// An element's image: its `image` attribute, or (newer files, for a symbol's scale) a
    /// child `<imageReference key="image">`; an SF Symbol when `catalog="system"`.
    func image(of element: ParsedElement) -> Image? {
        let source = element["image"] != nil ? element : element.child(named: "imageReference", key: "image")
        guard let source, let name = nonEmpty(source["image"]) else { return nil }
        return source["catalog"] == "system" ? Image(systemName: name) : Image(named: name)
    }

    /// A button's image: its configuration's (Xcode 13+), else its normal state's, else its
    /// own `image` attribute.
    func buttonImage(_ element: ParsedElement) -> Image? {
        if let configuration = element.child(named: "buttonConfiguration"), let image = image(of: configuration) {
            return image
        }
        return element.child(named: "state", key: "normal").flatMap { image(of: $0) } ?? image(of: element)
    }

    /// A text written either plainly (`text`, `<string key="text">`) or as attributed text
    /// (`<attributedString key="attributedText">`), whose fragments' contents make the text.
    func plainOrAttributedText(_ element: ParsedElement, _ key: StaticString, attributedKey: String) -> String? {
        if let plain = text(element, key) { return plain }
        return element.child(named: "attributedString", key: attributedKey).map(attributedText)
    }

    /// The text of an `<attributedString>`: its fragments' contents joined (a fragment's
    /// content is an attribute, or a child `<string key="content">` when long).
    func attributedText(_ element: ParsedElement) -> String {
        element.children(named: "fragment").map { text($0, "content") ?? "" }.joined()
    }

    /// A date picker's mode, dates and steps; values Xcode leaves out are UIKit's defaults.
    func datePicker(_ element: ParsedElement) -> DatePickerSpec {
        func date(_ key: String) -> Date? {
            element.child(named: "date", key: key).flatMap { number($0["timeIntervalSinceReferenceDate"]) }
                .map { Date(timeIntervalSinceReferenceDate: $0) }
        }
        let interval = element["minuteInterval"].flatMap { Int($0) } ?? 1
        return DatePickerSpec(
            mode: element["datePickerMode"].flatMap(DatePickerSpec.Mode.init(rawValue:)) ?? .dateAndTime,
            date: date("date"), minimumDate: date("minimumDate"), maximumDate: date("maximumDate"),
            // UIKit takes only divisors of 60 up to 30 and treats anything else as 1.
            minuteInterval: (1...30).contains(interval) && 60 % interval == 0 ? interval : 1,
            countDownDuration: max(0, min(number(element["countDownDuration"]) ?? 0, 86_340)))
    }

    /// The bar button items of a `<toolbar>`'s `<items>` or a controller's `<toolbarItems>`.
    mutating func barButtonItems(in list: ParsedElement?) -> [BarButtonItemSpec] {
        (list?.children(named: "barButtonItem") ?? []).map { mapBarButtonItem($0) }
    }

    /// Whether a controller's toolbar shows (see `ControllerSpec.showsToolbar`):
    /// `toolbarHidden="NO"` is Xcode's "Shows Toolbar"; a `<toolbar key="toolbar">` with no
    /// `toolbarHidden` is a toolbar the designer set up and the app's code shows.
    func showsToolbar(_ element: ParsedElement) -> Bool {
        if element.name == "navigationController" {
            if let hidden = element["toolbarHidden"] { return hidden == "NO" }
            return element.child(named: "toolbar", key: "toolbar") != nil
        }
        return element.child(named: "simulatedToolbarMetrics", key: "simulatedBottomBarMetrics") != nil
    }

    /// The address a web view shows, when a runtime attribute gives one (the file itself
    /// has no place for it): `url`, `urlString`, `URL`, `address` or `link`.
    func webAddress(_ element: ParsedElement) -> String? {
        let attributes = runtimeAttributes(of: element)
        for key in ["url", "urlString", "URL", "address", "link"] {
            if let value = nonEmpty(attributes[key]) { return value }
        }
        return nil
    }
}
