/// The colours of the page's first screen (`/static/screen.css`): the classes `HTMLScreen`
/// names, in the palette of the page's terminal, xterm.js 3.8.1's defaults (its
/// `DEFAULT_ANSI_COLORS`, then the 6×6×6 cube and the 24 greys, white on black), so that
/// the screen painted before any script looks as the terminal then draws it; and the cell's
/// size the page last measured (`cw9 ch18`, which `app.css` lays the grid out by).
enum FirstScreenStyle {
    /// Colours 0–15 as xterm.js 3.8.1 has them.
    static let basic = [
        "#2e3436", "#cc0000", "#4e9a06", "#c4a000", "#3465a4", "#75507b", "#06989a", "#d3d7cf",
        "#555753", "#ef2929", "#8ae234", "#fce94f", "#729fcf", "#ad7fa8", "#34e2e2", "#eeeeec",
    ]
    static let foreground = "#ffffff"
    static let background = "#000000"

    /// The 256 colours, as CSS.
    static var palette: [String] {
        let levels = [0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff]
        func hex(_ value: Int) -> String {
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        let cube = (0..<216).map { "#" + hex(levels[$0 / 36]) + hex(levels[($0 / 6) % 6]) + hex(levels[$0 % 6]) }
        let greys = (0..<24).map { index -> String in
            let value = hex(8 + index * 10)
            return "#" + value + value + value
        }
        return basic + cube + greys
    }

    /// `.fN` the text's colour, `.bN` the cell's; `.fi` and `.bi` the reversed defaults.
    static var css: String {
        var css = "/* Made by the server (FirstScreenStyle): xterm.js 3.8.1's palette. */\n"
        for (index, color) in palette.enumerated() {
            css += ".first-screen .f\(index){color:\(color)}.first-screen .b\(index){background-color:\(color)}\n"
        }
        css += ".first-screen .fi{color:\(background)}.first-screen .bi{background-color:\(foreground)}\n"
        // The grid: the cell the page's terminal measured last time (`PageSize`).
        for width in PageSize.widths { css += ".first-screen.cw\(width){--cell-width:\(width)px}\n" }
        for height in PageSize.heights { css += ".first-screen.ch\(height){--cell-height:\(height)px}\n" }
        return css
    }
}
