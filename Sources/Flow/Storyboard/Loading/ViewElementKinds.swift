/// The kinds of view that read their own element (`ViewElementReading`): a new kind adds its
/// line here, and the loader, the view builder and translations find it by its element.
enum ViewElementKinds {
    static let all: [any ViewElementReading.Type] = [
        ColorWell.Element.self,
    ]

    /// The kind that reads elements named `name`, if one does.
    static func reading(_ name: String) -> (any ViewElementReading.Type)? {
        all.first { $0.elementName == name }
    }
}
