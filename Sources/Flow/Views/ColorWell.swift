/// A colour well (`UIColorWell`): a swatch of its selected colour that, pressed, presents a
/// picker of colours; choosing one selects it and sends `valueChanged`.
///
/// Everything the well is lives here and in its presentation: how its element reads
/// (`Element`), its picker, what a live reload and the render-purity check keep of it.
public final class ColorWell: Control {
    /// A colour the picker offers, named as UIKit names its system colour.
    public struct NamedColor: Sendable, Equatable {
        public let name: String
        public let color: RGBColor

        init(_ name: String, _ red: Double, _ green: Double, _ blue: Double) {
            self.name = name
            color = RGBColor(red: red / 255, green: green / 255, blue: blue / 255)
        }
    }

    /// The colours the picker offers: UIKit's system colours in their light appearance,
    /// then black, gray and white.
    public static let palette: [NamedColor] = [
        NamedColor("Red", 255, 59, 48), NamedColor("Orange", 255, 149, 0), NamedColor("Yellow", 255, 204, 0),
        NamedColor("Green", 52, 199, 89), NamedColor("Mint", 0, 199, 190), NamedColor("Teal", 48, 176, 199),
        NamedColor("Cyan", 50, 173, 230), NamedColor("Blue", 0, 122, 255), NamedColor("Indigo", 88, 86, 214),
        NamedColor("Purple", 175, 82, 222), NamedColor("Pink", 255, 45, 85), NamedColor("Brown", 162, 132, 94),
        NamedColor("Black", 0, 0, 0), NamedColor("Gray", 142, 142, 147), NamedColor("White", 255, 255, 255),
    ]

    /// The colour shown, and the one the picker chose; nil for none, UIKit's default.
    public var selectedColor: RGBColor? {
        didSet { if selectedColor != oldValue { setNeedsDisplay() } }
    }
    /// Whether the picker offers opacity (`supportsAlpha`; UIKit's default is yes): a colour
    /// less than opaque says how much.
    public let supportsAlpha: Bool
    /// The picker's title (`title`).
    public var title: String?
    /// The colour of the palette the open picker highlights; nil while it is closed.
    public private(set) var pickingIndex: Int? {
        didSet { if pickingIndex != oldValue { setNeedsDisplay() } }
    }
    /// The colour the storyboard set, which a live reload compares against.
    private let storyboardColor: RGBColor?

    init(id: String, spec: ViewSpec?, element: Element) {
        selectedColor = element.selectedColor
        storyboardColor = element.selectedColor
        supportsAlpha = element.supportsAlpha
        title = element.title
        super.init(id: id, spec: spec)
    }

    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Presents the picker, on the selected colour when the palette has it.
    public func openPicker() {
        pickingIndex = selectedColor.flatMap(Self.paletteIndex(of:)) ?? 0
    }

    /// Moves the picker's highlight `offset` colours along, stopping at either end.
    public func movePicker(by offset: Int) {
        guard let index = pickingIndex else { return }
        pickingIndex = min(max(index + offset, 0), Self.palette.count - 1)
    }

    /// Closes the picker, selecting nothing.
    public func closePicker() { pickingIndex = nil }

    /// Selects the palette's colour at `index` as a tap in the picker does, closing it; a
    /// change sends `valueChanged`.
    public func pick(at index: Int) {
        guard Self.palette.indices.contains(index) else { return }
        pickingIndex = nil
        let picked = Self.palette[index].color
        guard picked != selectedColor else { return }
        selectedColor = picked
        sendActions(for: .valueChanged)
    }

    /// The selected colour's name: the palette's for one of its colours, else its hex code,
    /// with its opacity when the well offers it and the colour is not opaque; "no color".
    public var colorName: String {
        guard let color = selectedColor else { return "no color" }
        let name = Self.paletteIndex(of: color).map { Self.palette[$0].name } ?? Self.hex(color)
        guard supportsAlpha, color.alpha < 1 else { return name }
        return "\(name) \(Int((color.alpha * 100).rounded()))%"
    }

    /// Where the palette has `color` (its opacity aside), to the nearest step of 255.
    public static func paletteIndex(of color: RGBColor) -> Int? {
        palette.firstIndex { named in
            abs(named.color.red - color.red) < 0.5 / 255 && abs(named.color.green - color.green) < 0.5 / 255
                && abs(named.color.blue - color.blue) < 0.5 / 255
        }
    }

    /// `#RRGGBB`.
    public static func hex(_ color: RGBColor) -> String {
        let parts = [color.red, color.green, color.blue].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        return "#" + parts.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    /// The colour `#RRGGBB` names; nil for any other text.
    static func color(hex: String) -> RGBColor? {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return RGBColor(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
    }

    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? {
        "color \(selectedColor.map(Self.hex) ?? "none") alpha \(selectedColor?.alpha ?? 1) picking \(pickingIndex ?? -1)"
    }

    /// A colour the user chose, kept across a live reload.
    override var liveValue: RestorationValue? {
        get {
            guard let selectedColor, selectedColor != storyboardColor else { return nil }
            return .string(Self.hex(selectedColor))
        }
        set {
            if case .string(let hex)? = newValue, let color = Self.color(hex: hex) { selectedColor = color }
        }
    }

    /// What a `<colorWell>` element sets up: its colour (`<color key="selectedColor">`, as
    /// components or a system colour's name), `supportsAlpha` and `title`.
    struct Element: ViewElementReading {
        static let elementName = "colorWell"

        var selectedColor: RGBColor?
        var supportsAlpha: Bool
        var title: String?

        init(element: ParsedElement, mapper: inout StoryboardMapper) {
            supportsAlpha = element["supportsAlpha"] != "NO"
            title = mapper.text(element, "title")
            guard let color = element.child(named: "color", key: "selectedColor") else { return }
            // Components past 0…1 (a hand-edited file) are taken to the nearest end, as UIKit
            // draws them.
            func component(_ name: StaticString) -> Double? { mapper.number(color[name]).map { min(max($0, 0), 1) } }
            let alpha = component("alpha") ?? 1
            if let red = component("red"), let green = component("green"), let blue = component("blue") {
                selectedColor = RGBColor(red: red, green: green, blue: blue, alpha: alpha)
            } else if let white = component("white") {
                selectedColor = RGBColor(red: white, green: white, blue: white, alpha: alpha)
            } else if let system = color["systemColor"], let named = Self.systemColor(system) {
                selectedColor = named
            } else {
                let what = (color["systemColor"] ?? color["name"]).map { "the color \(DiagnosticText.quoted($0))" } ?? "no color it can read"
                mapper.warning("the color well's selectedColor names \(what); it shows no color", at: color.location)
            }
        }

        /// A system colour by the name Xcode writes (`systemBlueColor`, `blackColor`).
        static func systemColor(_ name: String) -> RGBColor? {
            var word = name.hasPrefix("system") ? String(name.dropFirst(6)) : name
            guard word.hasSuffix("Color") else { return nil }
            word.removeLast(5)
            return ColorWell.palette.first { $0.name.lowercased() == word.lowercased() }?.color
        }

        func makeView(id: String, spec: ViewSpec) -> View { ColorWell(id: id, spec: spec, element: self) }

        mutating func rewriteTexts(_ rewrite: (_ text: inout String, _ keys: [String]) -> Void) {
            guard var text = title else { return }
            rewrite(&text, ["title"])
            title = text
        }
    }
}
