import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document read back for tests: parsing proves it well-formed, and the elements with
/// their positions let a test find what each cell of a screenshot shows.
public struct SVGPicture {
    /// One element, with its attributes, its text, and the translation of the groups around it.
    public struct Element {
        public var name: String
        public var attributes: [String: String]
        public var text: String
        /// The sum of the `translate(x y)` of enclosing groups.
        public var offset: (x: Double, y: Double)
        /// Whether it sits inside a translated group (the screen), not in the window around it.
        public var isOnScreen: Bool

        public func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
    }

    /// What a `text` element puts in a cell.
    public struct TextCell: Equatable {
        public var character: Character
        public var fill: String
        public var bold: Bool
        public var italic: Bool
    }

    /// The root element's attributes.
    public private(set) var root: [String: String] = [:]
    /// Every element after the root, in document order.
    public private(set) var elements: [Element] = []

    /// Parses `data`; throws with the parser's line and column when it is not well-formed XML.
    public init(_ data: Data) throws {
        let delegate = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw TmuxError("not well-formed SVG at \(parser.lineNumber):\(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        root = delegate.root
        elements = delegate.elements
    }

    /// The characters `text` elements on the screen draw, by cell: a run's characters one
    /// cell apart from its `x`, a single character at its cell.
    public func textCells(cellWidth: Double, lineHeight: Double, baseline: Double) -> [String: TextCell] {
        var cells: [String: TextCell] = [:]
        for element in elements where element.name == "text" && element.isOnScreen {
            guard let x = element.number("x"), let y = element.number("y") else { continue }
            let column = Int(((x) / cellWidth).rounded())
            let row = Int(((y - baseline) / lineHeight).rounded())
            let fill = element.attributes["fill"] ?? ""
            let bold = element.attributes["font-weight"] == "bold"
            let italic = element.attributes["font-style"] == "italic"
            for (offset, character) in element.text.enumerated() {
                cells["\(column + offset),\(row)"] = TextCell(character: character, fill: fill, bold: bold, italic: italic)
            }
        }
        return cells
    }

    /// The fill of the last rectangle on the screen that covers the middle of cell `x`,`y`
    /// whole row high (a background), or nil.
    public func backgroundFill(x: Int, y: Int, cellWidth: Double, lineHeight: Double) -> String? {
        let middle = (x: (Double(x) + 0.5) * cellWidth, y: (Double(y) + 0.5) * lineHeight)
        var found: String?
        for element in elements where element.name == "rect" && element.isOnScreen {
            guard let left = element.number("x"), let top = element.number("y"), let width = element.number("width"),
                let height = element.number("height"), abs(height - lineHeight) < 0.01, width >= cellWidth - 0.01,
                element.attributes["opacity"] == nil
            else { continue }
            if middle.x > left, middle.x < left + width, middle.y > top, middle.y < top + height {
                found = element.attributes["fill"]
            }
        }
        return found
    }

    /// Rectangles and paths on the screen that reach into cell `x`,`y`, with their colours.
    public func shapeColors(x: Int, y: Int, cellWidth: Double, lineHeight: Double) -> [String] {
        let left = Double(x) * cellWidth
        let top = Double(y) * lineHeight
        var colors: [String] = []
        for element in elements where element.isOnScreen {
            switch element.name {
            case "rect":
                guard let rx = element.number("x"), let ry = element.number("y"), let width = element.number("width"),
                    let height = element.number("height"), abs(height - lineHeight) >= 0.01 || width < cellWidth - 0.01
                else { continue }
                if rx < left + cellWidth, rx + width > left, ry < top + lineHeight, ry + height > top {
                    colors.append(element.attributes["fill"] ?? "")
                }
            case "path":
                if let transform = element.attributes["transform"], transform == "translate(\(Self.format(left)) \(Self.format(top)))" {
                    colors.append(element.attributes["stroke"] ?? "")
                }
            default: continue
            }
        }
        return colors
    }

    /// What a cell of a screenshot should show.
    public struct ExpectedCell {
        public var character: Character
        /// The text's colour, `#rrggbb`.
        public var foreground: String
        /// The cell's colour, or nil for the screen's own.
        public var background: String?
        public var bold: Bool
        public var italic: Bool
        public var underline: Bool

        public init(character: Character, foreground: String, background: String?, bold: Bool, italic: Bool, underline: Bool) {
            self.character = character
            self.foreground = foreground
            self.background = background
            self.bold = bold
            self.italic = italic
            self.underline = underline
        }

        /// Box-drawing and block characters are drawn as shapes, not text.
        var isShape: Bool {
            character.unicodeScalars.count == 1 && (0x2500...0x259F).contains(character.unicodeScalars.first!.value)
        }

        var isBlock: Bool { isShape && character.unicodeScalars.first!.value >= 0x2580 }
    }

    /// How the picture differs from `expected` (nil for a continuation cell), cell by cell:
    /// each character in its cell with its colour, weight and slant; each background; each
    /// box-drawing cell as shapes in its colour; each underline. Empty when it shows it all.
    public func mismatches(
        columns: Int, rows: Int, cellWidth: Double, lineHeight: Double, baseline: Double,
        expected: (Int, Int) -> ExpectedCell?
    ) -> [String] {
        let texts = textCells(cellWidth: cellWidth, lineHeight: lineHeight, baseline: baseline)
        var problems: [String] = []
        for y in 0..<rows {
            for x in 0..<columns {
                guard let cell = expected(x, y) else { continue }
                let shown = texts["\(x),\(y)"]
                let background = backgroundFill(x: x, y: y, cellWidth: cellWidth, lineHeight: lineHeight)
                if cell.isShape {
                    let found = shapeColors(x: x, y: y, cellWidth: cellWidth, lineHeight: lineHeight)
                    if !found.contains(cell.foreground) && !(cell.isBlock && background == cell.foreground) {
                        problems.append("\(x),\(y) \(cell.character) has no shape in \(cell.foreground): \(found)")
                    }
                    if shown != nil { problems.append("\(x),\(y) \(cell.character) is drawn as text too") }
                } else if cell.character == " " {
                    if let shown, shown.character != " " { problems.append("\(x),\(y) should be blank, shows \(shown.character)") }
                } else if let shown {
                    if shown.character != cell.character { problems.append("\(x),\(y) shows \(shown.character), not \(cell.character)") }
                    if shown.fill != cell.foreground { problems.append("\(x),\(y) \(cell.character) is \(shown.fill), not \(cell.foreground)") }
                    if shown.bold != cell.bold { problems.append("\(x),\(y) \(cell.character) bold is \(shown.bold)") }
                    if shown.italic != cell.italic { problems.append("\(x),\(y) \(cell.character) italic is \(shown.italic)") }
                } else {
                    problems.append("\(x),\(y) \(cell.character) is missing")
                }
                if !cell.isBlock, background != cell.background {
                    problems.append("\(x),\(y) background is \(background ?? "the screen's"), not \(cell.background ?? "the screen's")")
                }
                if cell.underline {
                    let underlined = elements.contains { element in
                        element.name == "rect" && element.isOnScreen && element.attributes["height"] == "1"
                            && element.attributes["fill"] == cell.foreground
                            && (element.number("x") ?? .infinity) <= Double(x) * cellWidth + 0.01
                            && (element.number("x") ?? 0) + (element.number("width") ?? 0) >= Double(x + 1) * cellWidth - 0.01
                            && Int(((element.number("y") ?? -lineHeight) / lineHeight).rounded(.down)) == y
                    }
                    if !underlined { problems.append("\(x),\(y) is not underlined") }
                }
            }
        }
        return problems
    }

    /// A number as the writer formats it: at most two decimals, no trailing zeros.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths % 100 == 0 { return "\(hundredths / 100)" }
        if hundredths % 10 == 0 { return "\(hundredths / 100).\(hundredths % 100 / 10)" }
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var root: [String: String] = [:]
        var elements: [Element] = []
        var offsets: [(x: Double, y: Double, translated: Bool)] = [(0, 0, false)]
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            var offset = offsets.last ?? (0, 0, false)
            if name == "svg" && elements.isEmpty && root.isEmpty {
                root = attributes
                offsets.append(offset)
                open.append(-1)
                return
            }
            if name == "g", let transform = attributes["transform"], transform.hasPrefix("translate(") {
                let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Double($0) }
                if numbers.count == 2 { offset = (offset.x + numbers[0], offset.y + numbers[1], true) }
            }
            offsets.append(offset)
            elements.append(Element(name: name, attributes: attributes, text: "", offset: (offset.x, offset.y), isOnScreen: offset.translated))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last, index >= 0 { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            offsets.removeLast()
            open.removeLast()
        }
    }
}
