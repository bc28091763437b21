import Flow

/// A colour as a terminal understands it.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 palette colours the user configured (0–7 normal, 8–15 bright);
    /// values above 15 are read as `.indexed`.
    case ansi(UInt8)
    /// A colour of the 256-colour palette.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// Palette black.
    public static let black = TerminalColor.ansi(0)
    /// Palette red.
    public static let red = TerminalColor.ansi(1)
    /// Palette green.
    public static let green = TerminalColor.ansi(2)
    /// Palette yellow.
    public static let yellow = TerminalColor.ansi(3)
    /// Palette blue.
    public static let blue = TerminalColor.ansi(4)
    /// Palette magenta.
    public static let magenta = TerminalColor.ansi(5)
    /// Palette cyan.
    public static let cyan = TerminalColor.ansi(6)
    /// Palette white (light grey on most terminals).
    public static let white = TerminalColor.ansi(7)
    /// Palette bright black (dark grey).
    public static let brightBlack = TerminalColor.ansi(8)
    /// Palette bright white.
    public static let brightWhite = TerminalColor.ansi(15)

    /// The colour of a storyboard, ignoring alpha (a terminal cell cannot blend).
    public init(_ color: RGBColor) {
        func byte(_ value: Double) -> UInt8 {
            let clamped = min(max(value.isNaN ? 0 : value, 0), 1)
            return UInt8((clamped * 255).rounded())
        }
        self = .rgb(byte(color.red), byte(color.green), byte(color.blue))
    }

    /// Red, green and blue of this colour on a terminal with xterm's default palette;
    /// nil for `.default`, whose value only the terminal knows.
    public var components: (red: UInt8, green: UInt8, blue: UInt8)? {
        switch self {
        case .default:
            return nil
        case .ansi(let index), .indexed(let index):
            return ColorMapping.components(ofIndexed: index)
        case .rgb(let red, let green, let blue):
            return (red, green, blue)
        }
    }
}
