/// The colours a screenshot gives what only a terminal knows: its default foreground and
/// background, the sixteen palette colours its user chose, and the window around the screen.
///
/// 24-bit colours and the fixed part of the 256-colour palette (the cube and the greys) are
/// drawn as they are; only `.default` and palette colours 0–15 go through the palette.
public struct ScreenshotPalette: Equatable, Sendable {
    /// An RGB colour.
    public struct Color: Hashable, Sendable {
        /// Red, 0–255.
        public var red: UInt8
        /// Green, 0–255.
        public var green: UInt8
        /// Blue, 0–255.
        public var blue: UInt8

        /// A colour from its channels.
        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`.
        public var hex: String {
            let digits = Array("0123456789abcdef")
            return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        }

        /// This colour `fraction` of the way to `other` (dim text fades towards its background).
        func mixed(with other: Color, _ fraction: Double) -> Color {
            func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Double(a) + (Double(b) - Double(a)) * fraction).rounded())
            }
            return Color(channel(red, other.red), channel(green, other.green), channel(blue, other.blue))
        }
    }

    /// Text drawn in the terminal's own colour.
    public var foreground: Color
    /// The screen, and cells in the terminal's own background colour.
    public var background: Color
    /// Palette colours 0–15: black, red, green, yellow, blue, magenta, cyan, white, then
    /// their bright forms.
    public var ansi: [Color]
    /// The window's frame and title bar.
    public var chrome: Color
    /// The title's colour.
    public var title: Color

    /// A palette from its parts (`ansi` must hold sixteen colours; missing ones are xterm's).
    public init(foreground: Color, background: Color, ansi: [Color], chrome: Color, title: Color) {
        self.foreground = foreground
        self.background = background
        self.ansi = (0..<16).map { index in
            if index < ansi.count { return ansi[index] }
            let value = ColorMapping.components(ofIndexed: UInt8(index))
            return Color(value.red, value.green, value.blue)
        }
        self.chrome = chrome
        self.title = title
    }

    /// A dark terminal with muted, readable palette colours (blue links and buttons stay
    /// legible on the dark background, which xterm's pure blue would not be).
    public static let dark = ScreenshotPalette(
        foreground: Color(214, 218, 224), background: Color(28, 31, 38),
        ansi: [
            Color(45, 49, 58), Color(224, 108, 117), Color(152, 195, 121), Color(229, 192, 123),
            Color(97, 175, 239), Color(198, 120, 221), Color(86, 182, 194), Color(200, 204, 212),
            Color(106, 113, 128), Color(240, 134, 142), Color(181, 222, 148), Color(242, 212, 152),
            Color(138, 198, 246), Color(218, 152, 236), Color(124, 210, 222), Color(244, 246, 250),
        ],
        chrome: Color(52, 56, 66), title: Color(168, 174, 186))

    /// The colour `color` is drawn with, `isForeground` telling which default applies.
    public func resolve(_ color: TerminalColor, isForeground: Bool) -> Color {
        switch color {
        case .default:
            return isForeground ? foreground : background
        case .ansi(let index) where index < 16, .indexed(let index) where index < 16:
            return ansi[Int(index)]
        case .ansi(let index), .indexed(let index):
            let value = ColorMapping.components(ofIndexed: index)
            return Color(value.red, value.green, value.blue)
        case .rgb(let red, let green, let blue):
            return Color(red, green, blue)
        }
    }

    /// The foreground and background a cell of `style` shows: reverse swaps them, dim fades
    /// the text halfway to the background.
    public func colors(of style: Style) -> (foreground: Color, background: Color) {
        var text = resolve(style.foreground, isForeground: true)
        var cell = resolve(style.background, isForeground: false)
        if style.attributes.contains(.reverse) { swap(&text, &cell) }
        if style.attributes.contains(.dim) { text = text.mixed(with: cell, 0.45) }
        return (text, cell)
    }
}
