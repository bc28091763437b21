/// The buffer as text with ANSI colour escapes, for output outside curses.
extension CellBuffer {
    /// Rows joined by newlines, each style change written as an SGR sequence and
    /// each styled row ending in a reset. Colours are reduced to `colorDepth`;
    /// with `asciiOnly` every non-ASCII character becomes its `AsciiFallback`.
    public func ansiText(colorDepth: ColorDepth, asciiOnly: Bool = false) -> String {
        var output = ""
        // Codes are compared rather than styles: styles that differ only in colours the
        // depth can't show (all of them, under NO_COLOR) write nothing new.
        let plain = Self.selectGraphicRendition(.plain, depth: colorDepth)
        var codes: [Style: String] = [.plain: plain]
        for y in 0..<height {
            if y > 0 { output += "\n" }
            var current = plain
            for x in 0..<width {
                let cell = cells[y * width + x]
                if cell.isContinuation { continue }
                let code = codes[cell.style] ?? Self.selectGraphicRendition(cell.style, depth: colorDepth)
                codes[cell.style] = code
                if code != current {
                    output += code
                    current = code
                }
                if asciiOnly {
                    output += AsciiFallback.replacement(for: cell.character, width: cell.width)
                } else {
                    output.append(cell.character)
                }
            }
            if current != plain { output += plain }
        }
        return output
    }

    /// The SGR sequence that resets and then sets `style`.
    static func selectGraphicRendition(_ style: Style, depth: ColorDepth) -> String {
        var parameters = ["0"]
        let attributes = style.attributes
        if attributes.contains(.bold) { parameters.append("1") }
        if attributes.contains(.dim) { parameters.append("2") }
        if attributes.contains(.italic) { parameters.append("3") }
        if attributes.contains(.underline) { parameters.append("4") }
        if attributes.contains(.reverse) { parameters.append("7") }
        if let foreground = colorParameters(style.foreground, depth: depth, background: false) {
            parameters.append(foreground)
        }
        if let background = colorParameters(style.background, depth: depth, background: true) {
            parameters.append(background)
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// SGR parameters for one colour, reduced to `depth`; nil for the default colour.
    static func colorParameters(_ color: TerminalColor, depth: ColorDepth, background: Bool) -> String? {
        func palette(_ index: UInt8) -> String {
            if index < 8 { return String((background ? 40 : 30) + Int(index)) }
            return String((background ? 100 : 90) + Int(index) - 8)
        }
        let extended = background ? "48" : "38"
        switch (color, depth) {
        case (.default, _), (_, .none):
            return nil
        case (.ansi(let index), _) where index < 16, (.indexed(let index), _) where index < 16:
            return palette(index)
        case (.ansi(let index), .ansi8), (.indexed(let index), .ansi8):
            let value = ColorMapping.components(ofIndexed: index)
            return palette(ColorMapping.nearest8(red: value.red, green: value.green, blue: value.blue))
        case (.ansi(let index), _), (.indexed(let index), _):
            return "\(extended);5;\(index)"
        case (.rgb(let red, let green, let blue), .ansi8):
            return palette(ColorMapping.nearest8(red: red, green: green, blue: blue))
        case (.rgb(let red, let green, let blue), .indexed256):
            return "\(extended);5;\(ColorMapping.nearest256(red: red, green: green, blue: blue))"
        case (.rgb(let red, let green, let blue), .trueColor):
            return "\(extended);2;\(red);\(green);\(blue)"
        }
    }
}
