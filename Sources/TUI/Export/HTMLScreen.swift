/// A screen as HTML rows, for a web page to paint before any script runs (`storyboard serve
/// --http` puts a session's first screen in the page it answers with; the page's terminal
/// takes over once it has loaded).
///
/// Each row is a `<div>`, each run of one style a `<span>` whose classes say what the page's
/// terminal, xterm.js 3.8 fed by curses at `colorDepth`, draws for that style: `f12`/`b4` the
/// palette colour of the text and of the cell (after reverse swaps them, and bold brightens
/// colours 0–7, as xterm.js does), `fi`/`bi` the terminal's own background as text colour and
/// its foreground as cell colour (reverse of the defaults), `B` bold, `I` italic, `U`
/// underline, `D` dim (a span inside the coloured one, so only the text fades). A character
/// other than printable ASCII is a `c` (one column) or `c2` (two) span of its own, so that a
/// glyph from a fallback font keeps to the grid, and so is the cell the text cursor shows in
/// (`K`: the focused terminal's block, drawn over the cell's style, which its classes still
/// name). Text is escaped: nothing a storyboard or a
/// store holds reaches the page as markup. Trailing blanks of the terminal's own colours are
/// left out.
public enum HTMLScreen {
    /// The rows of `buffer`, one `<div class="r">` each, joined by newlines, with the text
    /// cursor at `cursor` when it shows.
    public static func rows(of buffer: CellBuffer, colorDepth: ColorDepth, cursor: Point? = nil) -> String {
        var classes: [Style: Classes] = [:]
        var output = ""
        for y in 0..<buffer.height {
            if y > 0 { output += "\n" }
            output += "<div class=\"r\">"
            var end = buffer.width
            while end > 0, let cell = buffer[end - 1, y], cell.style == .plain, cell.character == " " || cell.isContinuation,
                cursor != Point(x: end - 1, y: y)
            {
                end -= 1
            }
            var x = 0
            while x < end {
                guard let first = buffer[x, y] else { break }
                let style = first.style
                let names = classes[style] ?? Classes(style, colorDepth: colorDepth)
                classes[style] = names
                var text = ""
                if cursor == Point(x: x, y: y) {
                    output += names.wrapCursor(shown(first))
                    x += 1
                    continue
                }
                while x < end, let cell = buffer[x, y], cell.style == style, cursor != Point(x: x, y: y) {
                    if !cell.isContinuation { text += shown(cell) }
                    x += 1
                }
                output += names.wrap(text)
            }
            output += "</div>"
        }
        return output
    }

    /// One cell's character as markup: printable ASCII escaped, anything else in a span as wide
    /// as the cell.
    static func shown(_ cell: Cell) -> String {
        if cell.isPrintableASCII {
            switch cell.character {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            default: return String(cell.character)
            }
        }
        return "<span class=\"\(cell.isWide ? "c2" : "c")\">\(MarkupText.escaped(String(cell.character)))</span>"
    }

    /// The classes one style is drawn with, and how a run of it is wrapped.
    struct Classes {
        /// Colours and weight, on the run's span.
        var outer: [String] = []
        /// Whether the text fades (`D`, on a span of its own inside).
        var dim = false

        init(_ style: Style, colorDepth: ColorDepth) {
            let attributes = style.attributes
            let colors = HTMLScreen.terminalColors(of: style, colorDepth: colorDepth)
            if let index = colors.foreground { outer.append(index < 0 ? "fi" : "f\(index)") }
            if let index = colors.background { outer.append(index < 0 ? "bi" : "b\(index)") }
            if attributes.contains(.bold) { outer.append("B") }
            if attributes.contains(.italic) { outer.append("I") }
            if attributes.contains(.underline) { outer.append("U") }
            dim = attributes.contains(.dim)
        }

        func wrap(_ text: String) -> String {
            around(dim ? "<span class=\"D\">\(text)</span>" : text)
        }

        /// The cursor's cell: drawn over by the terminal's block (`K`) whatever its style,
        /// which its classes still name.
        func wrapCursor(_ cell: String) -> String {
            around("<span class=\"K\(dim ? " D" : "")\">\(cell)</span>")
        }

        private func around(_ inner: String) -> String {
            outer.isEmpty ? inner : "<span class=\"\(outer.joined(separator: " "))\">\(inner)</span>"
        }
    }

    /// The palette colours xterm.js 3.8 draws `style` with once curses has sent it at
    /// `colorDepth`: nil for the terminal's own colour, -1 for the other one of the pair
    /// (reverse of the defaults), else the palette index. 24-bit colour is drawn as the
    /// nearest of the 256, as xterm.js 3.8 does.
    static func terminalColors(of style: Style, colorDepth: ColorDepth) -> (foreground: Int?, background: Int?) {
        let depth = colorDepth == .trueColor ? ColorDepth.indexed256 : colorDepth
        let count = depth == .indexed256 ? 256 : 8
        // xterm.js's own numbers: 256 the default background, 257 the default foreground.
        var foreground = ColorMapping.colorNumber(for: style.foreground, depth: depth, colorCount: count).map(Int.init) ?? 257
        var background = ColorMapping.colorNumber(for: style.background, depth: depth, colorCount: count).map(Int.init) ?? 256
        let attributes = style.attributes
        if attributes.contains(.reverse) {
            swap(&foreground, &background)
            if foreground == 256 { foreground = -1 }
            if background == 257 { background = -1 }
        }
        if attributes.contains(.bold), foreground >= 0, foreground < 8 { foreground += 8 }
        return (foreground == 257 ? nil : foreground, background == 256 ? nil : background)
    }
}
