/// A picture of a screen as SVG: a terminal window of the screen's size with every cell's
/// character, colours and attributes (`storyboard render --format svg`).
///
/// The picture is a grid: each cell is `cellWidth` × `lineHeight`, whatever font the viewer
/// has. Backgrounds are rectangles per run of cells; box-drawing and block characters are
/// shapes that reach the cell's edges, so boxes join (`BoxDrawing`); text is drawn a run of
/// ASCII at a time with `textLength` set to the run's cells, which browsers honour, and in a
/// monospaced font whose advance is the cell width (DejaVu Sans Mono's 0.602 em), which is
/// how librsvg, which ignores `textLength`, keeps to the grid. Any other character is placed
/// at its own cell, a wide one over two. Colours are the true ones, whatever the depth of the
/// terminal the app ran on: 24-bit colours as they are, the terminal's own colours from the
/// `palette`. Bold and italic are the font's; dim fades the text towards its background;
/// reverse swaps the two; underline is a line under the cells.
public struct SVGScreenshot: Sendable {
    /// The colours of the terminal and its window.
    public var palette: ScreenshotPalette
    /// The window's title (the storyboard's name).
    public var title: String?
    /// The text size, in pixels.
    public var fontSize: Double = 14
    /// A cell's width: the advance of DejaVu Sans Mono at `fontSize`.
    public var cellWidth: Double = 8.43
    /// A row's height.
    public var lineHeight: Double = 17
    /// From a row's top to its text's baseline.
    public var baseline: Double = 13
    /// The font, first choice first.
    public var fontFamily = "'DejaVu Sans Mono', 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace"

    /// Space around the screen inside the window.
    static let padding = 12.0
    /// The title bar's height.
    static let titleBarHeight = 30.0

    /// A screenshot writer with `palette` and `title`.
    public init(palette: ScreenshotPalette = .dark, title: String? = nil) {
        self.palette = palette
        self.title = title
    }

    /// The SVG document of `buffer`, with the text cursor drawn at `cursor` when given.
    public func document(for buffer: CellBuffer, cursor: Point? = nil) -> String {
        let screenX = Self.padding
        let screenY = Self.titleBarHeight + Self.padding / 2
        let width = Self.padding * 2 + Double(buffer.width) * cellWidth
        let height = screenY + Double(buffer.height) * lineHeight + Self.padding
        var svg = ""
        svg += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
        svg += "viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\">\n"
        let name = title.map(Self.escape) ?? "terminal"
        svg += "<title>\(name) (\(buffer.width)×\(buffer.height))</title>\n"
        svg += windowFrame(width: width, height: height)
        svg += "<g transform=\"translate(\(f(screenX)) \(f(screenY)))\">\n"
        svg += backgrounds(of: buffer)
        svg += underlines(of: buffer)
        svg += shapes(of: buffer)
        svg += text(of: buffer)
        if let cursor, buffer.bounds.contains(cursor) {
            let colors = palette.colors(of: buffer[cursor]?.style ?? .plain)
            svg += "<rect x=\"\(f(Double(cursor.x) * cellWidth))\" y=\"\(f(Double(cursor.y) * lineHeight))\" "
            svg += "width=\"\(f(cellWidth))\" height=\"\(f(lineHeight))\" fill=\"\(colors.foreground.hex)\" opacity=\"0.6\"/>\n"
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    // MARK: - Parts

    /// The window: rounded, a title bar with three lights and the title.
    private func windowFrame(width: Double, height: Double) -> String {
        var svg = "<rect width=\"\(f(width))\" height=\"\(f(height))\" rx=\"8\" fill=\"\(palette.background.hex)\"/>\n"
        svg += "<path d=\"M0 8 A8 8 0 0 1 8 0 H\(f(width - 8)) A8 8 0 0 1 \(f(width)) 8 V\(f(Self.titleBarHeight)) H0 Z\" "
        svg += "fill=\"\(palette.chrome.hex)\"/>\n"
        for (index, color) in ["#ff5f57", "#febc2e", "#28c840"].enumerated() {
            svg += "<circle cx=\"\(18 + index * 20)\" cy=\"15\" r=\"6\" fill=\"\(color)\"/>\n"
        }
        if let title {
            svg += "<text x=\"\(f(width / 2))\" y=\"19.5\" text-anchor=\"middle\" font-family=\"'DejaVu Sans', Helvetica, Arial, sans-serif\" "
            svg += "font-size=\"13\" fill=\"\(palette.title.hex)\">\(Self.escape(title))</text>\n"
        }
        return svg
    }

    /// A rectangle per run of cells whose background is not the screen's.
    private func backgrounds(of buffer: CellBuffer) -> String {
        var svg = ""
        for y in 0..<buffer.height {
            var x = 0
            while x < buffer.width {
                let color = palette.colors(of: buffer.cells[y * buffer.width + x].style).background
                var end = x + 1
                while end < buffer.width, palette.colors(of: buffer.cells[y * buffer.width + end].style).background == color {
                    end += 1
                }
                if color != palette.background {
                    svg += "<rect x=\"\(f(Double(x) * cellWidth))\" y=\"\(f(Double(y) * lineHeight))\" "
                    svg += "width=\"\(f(Double(end - x) * cellWidth))\" height=\"\(f(lineHeight))\" fill=\"\(color.hex)\"/>\n"
                }
                x = end
            }
        }
        return svg
    }

    /// A line under each run of underlined cells, in the text's colour.
    private func underlines(of buffer: CellBuffer) -> String {
        var svg = ""
        for y in 0..<buffer.height {
            var x = 0
            while x < buffer.width {
                let style = buffer.cells[y * buffer.width + x].style
                guard style.attributes.contains(.underline) else {
                    x += 1
                    continue
                }
                let color = palette.colors(of: style).foreground
                var end = x + 1
                while end < buffer.width {
                    let next = buffer.cells[y * buffer.width + end].style
                    guard next.attributes.contains(.underline), palette.colors(of: next).foreground == color else { break }
                    end += 1
                }
                svg += "<rect x=\"\(f(Double(x) * cellWidth))\" y=\"\(f(Double(y) * lineHeight + baseline + 2))\" "
                svg += "width=\"\(f(Double(end - x) * cellWidth))\" height=\"1\" fill=\"\(color.hex)\"/>\n"
                x = end
            }
        }
        return svg
    }

    /// Box-drawing and block characters, as shapes in the text's colour. Rectangles that
    /// continue one another (a line across many cells) are joined into one, so a line has no
    /// seams where a viewer smooths the edges between cells.
    private func shapes(of buffer: CellBuffer) -> String {
        var rectangles: [ShapeRectangle] = []
        var svg = ""
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer.cells[y * buffer.width + x]
                guard let scalar = cell.scalar, BoxDrawing.draws(scalar) else { continue }
                let color = palette.colors(of: cell.style).foreground.hex
                let left = Double(x) * cellWidth
                let top = Double(y) * lineHeight
                for shape in BoxDrawing.shapes(for: scalar, width: cellWidth, height: lineHeight) {
                    switch shape {
                    case .rectangle(let rx, let ry, let width, let height, let opacity):
                        rectangles.append(ShapeRectangle(
                            x: left + rx, y: top + ry, width: width, height: height, color: color, opacity: opacity))
                    case .path(let d, let lineWidth):
                        svg += "<path transform=\"translate(\(f(left)) \(f(top)))\" d=\"\(d)\" fill=\"none\" stroke=\"\(color)\" "
                        svg += "stroke-width=\"\(f(lineWidth))\"/>\n"
                    }
                }
            }
        }
        for rectangle in ShapeRectangle.joined(rectangles) {
            svg += "<rect x=\"\(f(rectangle.x))\" y=\"\(f(rectangle.y))\" width=\"\(f(rectangle.width))\" height=\"\(f(rectangle.height))\" fill=\"\(rectangle.color)\""
            svg += rectangle.opacity < 1 ? " fill-opacity=\"\(f(rectangle.opacity))\"/>\n" : "/>\n"
        }
        return svg
    }

    /// The text: runs of ASCII in one style with the run's width as `textLength`, any other
    /// character at its own cell.
    private func text(of buffer: CellBuffer) -> String {
        var svg = "<g font-family=\"\(fontFamily)\" font-size=\"\(f(fontSize))\" xml:space=\"preserve\">\n"
        for y in 0..<buffer.height {
            let baselineY = Double(y) * lineHeight + baseline
            var x = 0
            while x < buffer.width {
                let cell = buffer.cells[y * buffer.width + x]
                if cell.isContinuation || cell.character == " " || cell.scalar.map(BoxDrawing.draws) == true {
                    x += 1
                    continue
                }
                let style = cell.style
                let color = palette.colors(of: style).foreground
                var end = x + cell.width
                var run = Self.escape(String(cell.character))
                if cell.isPrintableASCII {
                    // The run goes on over ASCII of the same look, spaces included, and ends
                    // on its last character.
                    var probe = end
                    var pending = ""
                    while probe < buffer.width {
                        let next = buffer.cells[y * buffer.width + probe]
                        guard next.isPrintableASCII, Self.sameLook(next.style, style, palette) else { break }
                        if next.character == " " {
                            pending += " "
                        } else {
                            run += pending + Self.escape(String(next.character))
                            pending = ""
                            end = probe + 1
                        }
                        probe += 1
                    }
                }
                svg += "<text x=\"\(f(Double(x) * cellWidth))\" y=\"\(f(baselineY))\" fill=\"\(color.hex)\""
                if end - x > 1 && cell.isPrintableASCII {
                    svg += " textLength=\"\(f(Double(end - x) * cellWidth))\""
                }
                if style.attributes.contains(.bold) { svg += " font-weight=\"bold\"" }
                if style.attributes.contains(.italic) { svg += " font-style=\"italic\"" }
                svg += ">\(run)</text>\n"
                x = end
            }
        }
        return svg + "</g>\n"
    }

    /// Whether two styles draw text alike (colour, weight, slant); backgrounds and underlines
    /// are drawn apart.
    private static func sameLook(_ a: Style, _ b: Style, _ palette: ScreenshotPalette) -> Bool {
        a.attributes.intersection([.bold, .italic]) == b.attributes.intersection([.bold, .italic])
            && palette.colors(of: a).foreground == palette.colors(of: b).foreground
    }

    // MARK: - Writing

    private func f(_ value: Double) -> String { BoxDrawing.format(value) }

    /// `text` for XML character data and attribute values; characters XML cannot hold
    /// (which the cell buffer never keeps, but a picture must stay well-formed) as U+FFFD.
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}

/// A filled rectangle of a box-drawing or block character, in screen coordinates.
struct ShapeRectangle: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var color: String
    var opacity: Double

    /// `rectangles` with each run that continues along a row (same top, height, colour,
    /// touching ends) joined into one, then each that continues down a column likewise.
    static func joined(_ rectangles: [ShapeRectangle]) -> [ShapeRectangle] {
        func touches(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.02 }
        func join(_ list: [ShapeRectangle], across: Bool) -> [ShapeRectangle] {
            let sorted = list.sorted { a, b in
                if a.color != b.color { return a.color < b.color }
                if a.opacity != b.opacity { return a.opacity < b.opacity }
                if across {
                    if a.y != b.y { return a.y < b.y }
                    if a.height != b.height { return a.height < b.height }
                    return a.x < b.x
                }
                if a.x != b.x { return a.x < b.x }
                if a.width != b.width { return a.width < b.width }
                return a.y < b.y
            }
            var result: [ShapeRectangle] = []
            for rectangle in sorted {
                if var last = result.last, last.color == rectangle.color, last.opacity == rectangle.opacity {
                    if across, last.y == rectangle.y, last.height == rectangle.height,
                        touches(last.x + last.width, rectangle.x) || (rectangle.x >= last.x && rectangle.x < last.x + last.width)
                    {
                        last.width = max(last.x + last.width, rectangle.x + rectangle.width) - last.x
                        result[result.count - 1] = last
                        continue
                    }
                    if !across, last.x == rectangle.x, last.width == rectangle.width,
                        touches(last.y + last.height, rectangle.y) || (rectangle.y >= last.y && rectangle.y < last.y + last.height)
                    {
                        last.height = max(last.y + last.height, rectangle.y + rectangle.height) - last.y
                        result[result.count - 1] = last
                        continue
                    }
                }
                result.append(rectangle)
            }
            return result
        }
        return join(join(rectangles, across: true), across: false)
    }
}
