import Flow

/// The line an empty container shows where the app's code would fill it (a navigation
/// controller with no root, a tab bar with no tabs, a page view controller with no page):
/// the screen is empty as UIKit shows it, and says why.
enum CodeFilledNote {
    /// Draws `note` a third of the way down `rect`, centred and wrapped, over `base` (the
    /// scene's own background, so the note reads as part of the scene it is on).
    static func draw(_ note: String, in rect: Rect, into frame: inout Frame, base: Style = .plain) {
        guard rect.height > 1, rect.width > 2 else { return }
        for (index, line) in Wrap.lines(note, width: max(1, rect.width - 4)).enumerated() {
            let y = rect.y + rect.height / 3 + index
            guard y < rect.maxY else { break }
            let x = rect.x + max(0, (rect.width - DisplayWidth.of(line)) / 2)
            frame.buffer.put(line, at: Point(x: x, y: y), style: Theme.empty.merged(over: base), maxWidth: rect.width)
        }
    }

    /// ` (ClassName)` for a container of a custom class, else nothing.
    static func owner(_ controller: ViewController) -> String {
        controller.spec?.customClass.map { " (\($0))" } ?? ""
    }
}
