/// Readers for the attribute shapes Xcode repeats on many elements.
extension StoryboardMapper {
    /// A finite number, or `nil` when absent or not a number (`nan` and `inf` included).
    func number(_ value: String?) -> Double? {
        guard let value, let number = Double(value), number.isFinite else { return nil }
        return number
    }

    /// Xcode writes booleans as `YES`/`NO`.
    func flag(_ value: String?) -> Bool {
        value == "YES"
    }

    /// The text of a property written either as an attribute or, when long, as a child
    /// `<string key="…">` (or `<mutableString>` in old files).
    func text(_ element: ParsedElement, _ key: StaticString) -> String? {
        if let value = element[key] { return value }
        guard element.hasChildren else { return nil }
        let keyValue = key.description
        if let child = element.child(named: "string", key: keyValue) { return child.text }
        if let child = element.child(named: "mutableString", key: keyValue) { return child.text }
        return nil
    }

    /// The origin of `<rect key="frame">`, used only to order siblings.
    func frameOrigin(of element: ParsedElement) -> (x: Double, y: Double)? {
        guard let rect = element.child(named: "rect", key: "frame") else { return nil }
        let x = rect["x"].map { number($0) } ?? 0
        let y = rect["y"].map { number($0) } ?? 0
        guard let x, let y else { return nil }
        return (x, y)
    }

    /// The frame's size, when the file gives one: only to tell a view that spans its
    /// superview (a full-width button, whose title UIKit centres) from one that doesn't.
    func frameSize(of element: ParsedElement) -> (width: Double, height: Double)? {
        guard let rect = element.child(named: "rect", key: "frame"),
            let width = rect["width"].flatMap({ number($0) }), let height = rect["height"].flatMap({ number($0) })
        else { return nil }
        return (width, height)
    }

    /// `<color key="backgroundColor">` in RGB or grayscale. System and named colours have no
    /// fixed value, and a fully transparent colour shows what is behind: both give `nil`.
    func backgroundColor(of element: ParsedElement) -> RGBColor? {
        guard let color = element.child(named: "color", key: "backgroundColor") else { return nil }
        if color["systemColor"] != nil || color["name"] != nil || color["cocoaTouchSystemColor"] != nil {
            return nil
        }
        let alpha = number(color["alpha"]) ?? 1
        if alpha <= 0 { return nil }
        if let red = number(color["red"]), let green = number(color["green"]), let blue = number(color["blue"]) {
            return RGBColor(red: red, green: green, blue: blue, alpha: alpha)
        }
        if let white = number(color["white"]) {
            return RGBColor(red: white, green: white, blue: white, alpha: alpha)
        }
        return nil
    }

    /// `userDefinedRuntimeAttributes`, keyPath → value as text. Strings and booleans carry
    /// the value as an attribute; numbers as a child `<integer>`/`<real key="value">`.
    func runtimeAttributes(of element: ParsedElement) -> [String: String] {
        guard let list = element.child(named: "userDefinedRuntimeAttributes") else { return [:] }
        var attributes: [String: String] = [:]
        for attribute in list.children(named: "userDefinedRuntimeAttribute") {
            guard let keyPath = nonEmpty(attribute["keyPath"]) else { continue }
            if let value = attribute["value"] {
                attributes[keyPath] = value
            } else if let child = attribute.child(key: "value"), let value = child["value"] ?? textOf(child) {
                attributes[keyPath] = value
            }
        }
        return attributes
    }

    private func textOf(_ element: ParsedElement) -> String? {
        element.name == "string" || element.name == "mutableString" ? element.text : nil
    }

    /// `<action>`s in the element's own `<connections>`.
    func actions(of element: ParsedElement) -> [ActionSpec] {
        guard let connections = element.child(named: "connections") else { return [] }
        return connections.children(named: "action").compactMap { action in
            guard let selector = nonEmpty(action["selector"]), let destination = nonEmpty(action["destination"])
            else { return nil }
            return ActionSpec(selector: selector, destinationID: destination, eventType: action["eventType"])
        }
    }

    /// `<outlet>`s and `<outletCollection>`s in the element's own `<connections>`.
    func outlets(of element: ParsedElement) -> [OutletSpec] {
        guard let connections = element.child(named: "connections") else { return [] }
        return connections.children.compactMap { connection in
            let isCollection: Bool
            switch connection.name {
            case "outlet": isCollection = false
            case "outletCollection": isCollection = true
            default: return nil
            }
            guard let property = nonEmpty(connection["property"]),
                let destination = nonEmpty(connection["destination"])
            else { return nil }
            return OutletSpec(property: property, destinationID: destination, isCollection: isCollection)
        }
    }
}
