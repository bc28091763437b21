/// Accessibility and images: what an element says for screen readers, and the image a
/// control shows in place of a title.
extension StoryboardMapper {
    /// What `element` says for screen readers, in every form Xcode has written it: the
    /// `accessibilityConfiguration` element (label, hint and identifier as attributes or
    /// `<string>` children, its traits, `isElement`), then the older `<string
    /// key="accessibilityLabel">` children and runtime attributes (`accessibilityLabel`,
    /// `accessibilityHint`, `accessibilityIdentifier`, `isAccessibilityElement`) for what the
    /// configuration leaves out. `runtime` is the element's runtime attributes, read once by
    /// the caller.
    func accessibility(of element: ParsedElement, runtime: [String: String]) -> Accessibility {
        var result = Accessibility()
        guard element.hasChildren else { return result }
        // One walk over the children finds every form: this runs for every element of a file.
        let tree = element.tree
        let configurationName = tree.nameNumber("accessibility")
        let stringName = tree.nameNumber("string")
        let mutableStringName = tree.nameNumber("mutableString")
        var configuration: ParsedElement?
        var older: (label: String?, hint: String?, identifier: String?) = (nil, nil, nil)
        element.forEachChild { child in
            let name = child.nameNumber
            if name == configurationName {
                if configuration == nil { configuration = child }
            } else if name == stringName || name == mutableStringName {
                switch child.key ?? "" {
                case "accessibilityLabel": older.label = older.label ?? child.text
                case "accessibilityHint": older.hint = older.hint ?? child.text
                case "accessibilityIdentifier": older.identifier = older.identifier ?? child.text
                default: break
                }
            }
        }
        if let configuration {
            result.label = text(configuration, "label")
            result.hint = text(configuration, "hint")
            result.identifier = nonEmpty(text(configuration, "identifier"))
            if let traits = configuration.child(named: "accessibilityTraits") {
                result.traits = accessibilityTraits(traits)
            }
            if let isElement = configuration.child(named: "bool", key: "isElement") {
                result.isElement = flag(isElement["value"])
            }
        }
        if result.label == nil { result.label = element["accessibilityLabel"] ?? older.label ?? runtime["accessibilityLabel"] }
        if result.hint == nil { result.hint = element["accessibilityHint"] ?? older.hint ?? runtime["accessibilityHint"] }
        if result.identifier == nil {
            result.identifier = nonEmpty(element["accessibilityIdentifier"] ?? older.identifier ?? runtime["accessibilityIdentifier"])
        }
        if result.isElement == nil, let value = runtime["isAccessibilityElement"] {
            // A boolean runtime attribute is written `YES`/`NO`; a number `1`/`0`.
            result.isElement = value == "YES" || value == "1"
        }
        return result
    }

    /// `<accessibilityTraits key="traits" button="YES" image="YES"/>`.
    private func accessibilityTraits(_ element: ParsedElement) -> AccessibilityTraits {
        var traits: AccessibilityTraits = []
        for (name, trait) in AccessibilityTraits.named {
            guard let number = element.tree.numbers[name], element[number] == "YES" else { continue }
            traits.insert(trait)
        }
        return traits
    }
}
