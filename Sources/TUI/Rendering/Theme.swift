import Flow

/// The shell's styles, in one place.
enum Theme {
    static let bar = Style(attributes: [.bold])
    static let barSeparator = Style(attributes: [.dim])
    static let backButton = Style(foreground: .blue)
    static let barButton = Style(foreground: .blue, attributes: [.bold])
    static let disabled = Style(attributes: [.dim])
    static let footerKey = Style(attributes: [.bold, .reverse])
    static let footerText = Style()
    static let status = Style(foreground: .yellow, attributes: [.bold])
    static let sectionHeader = Style(attributes: [.dim, .bold])
    static let sectionFooter = Style(attributes: [.dim])
    static let detail = Style(attributes: [.dim])
    static let selection = Style(attributes: [.reverse])
    static let placeholder = Style(attributes: [.dim, .italic])
    static let field = Style(attributes: [.underline])
    static let focusedField = Style(attributes: [.underline, .bold])
    static let button = Style(foreground: .blue, attributes: [.bold])
    static let focused = Style(attributes: [.reverse, .bold])
    static let accessory = Style(attributes: [.dim])
    static let scrollIndicator = Style(attributes: [.dim])
    static let sheetBorder = Style(attributes: [.bold])
    static let tabBar = Style(attributes: [.dim])
    static let selectedTab = Style(attributes: [.reverse, .bold])
    static let empty = Style(attributes: [.dim, .italic])
    static let trace = Style(attributes: [.dim])
    static let traceHeading = Style(attributes: [.bold])

    /// A colour from the storyboard as a terminal colour.
    static func color(_ rgb: RGBColor) -> TerminalColor { TerminalColor(rgb) }

    /// Black or white text, whichever reads better on `background`.
    static func readableText(on background: RGBColor) -> TerminalColor {
        let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
        return luminance > 0.5 ? .rgb(0, 0, 0) : .rgb(255, 255, 255)
    }
}
