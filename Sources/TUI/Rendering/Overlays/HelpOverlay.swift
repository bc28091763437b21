import Flow

/// The keys in force on the screen, in a box as wide as the screen allows: each binding's
/// keys and what they do, wrapped to the width, scrolling when they run past the box. For a
/// screen reader, a plain list of keys named in words.
enum HelpOverlay {
    /// Draws the help scrolled `scroll` lines down; returns the furthest scroll.
    @discardableResult
    static func draw(
        _ bindings: [KeyBinding], scroll: Int, in body: Rect, into frame: inout Frame, screenReader: Bool = false
    ) -> Int {
        var entries: [(keys: String, help: String)] = []
        var seen = Set<String>()
        for binding in bindings {
            let keys = binding.keys.map(screenReader ? SpokenText.name(of:) : \.displayName).joined(separator: screenReader ? ", " : " ")
            let help = screenReader ? SpokenText.help(binding.help) : binding.help
            guard seen.insert(keys + help).inserted else { continue }
            entries.append((screenReader ? keys + ":" : keys, help))
        }
        entries.append(("mouse", "click rows, buttons, bar buttons and tabs; the wheel scrolls lists"))
        let width = screenReader ? body.width : min(body.width, 100)
        let keyWidth = min(screenReader ? 24 : 16, max(4, entries.map { DisplayWidth.of($0.keys) }.max() ?? 4), max(4, width / 3))
        let textWidth = max(1, width - 4 - keyWidth - 1)
        var lines: [ScrollingBox.Line] = []
        for entry in entries {
            let keys = DisplayWidth.fit(DisplayWidth.truncate(entry.keys, to: keyWidth), to: keyWidth)
            for (index, part) in Wrap.lines(entry.help, width: textWidth).enumerated() {
                let lead = index == 0 ? keys : String(repeating: " ", count: keyWidth)
                lines.append([(lead + " ", Theme.bar), (part, .plain)])
            }
        }
        if screenReader {
            return ScrollingBox.draw(lines, title: "Keys. Esc closes", in: body, scroll: scroll, into: &frame, plain: true)
        }
        let height = min(body.height, lines.count + 2)
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        return ScrollingBox.draw(lines, title: "Keys — Esc closes", in: box, scroll: scroll, into: &frame)
    }
}
