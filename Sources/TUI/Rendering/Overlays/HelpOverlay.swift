import Flow

/// The keys in force on the screen, in a box over it.
enum HelpOverlay {
    static func draw(_ bindings: [KeyBinding], in body: Rect, into frame: inout Frame) {
        var lines: [(String, String)] = []
        var seen = Set<String>()
        for binding in bindings {
            let keys = binding.keys.map(\.displayName).joined(separator: " ")
            guard seen.insert(keys + binding.help).inserted else { continue }
            lines.append((keys, binding.help))
        }
        lines.append(("mouse", "click rows, buttons, bar buttons, tabs; wheel scrolls"))
        let keyWidth = min(14, lines.map { DisplayWidth.of($0.0) }.max() ?? 4)
        let width = min(body.width - 2, 60)
        let height = min(body.height, lines.count + 3)
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        frame.buffer.fill(box, style: .plain)
        frame.buffer.drawBox(box, style: Theme.sheetBorder, border: .rounded, title: "Keys — any key closes")
        for (index, line) in lines.enumerated() where index < height - 2 {
            let y = box.y + 1 + index
            frame.buffer.put(line.0, at: Point(x: box.x + 2, y: y), style: Theme.bar, maxWidth: keyWidth)
            frame.buffer.put(line.1, at: Point(x: box.x + 3 + keyWidth, y: y), maxWidth: max(0, width - keyWidth - 5))
        }
    }
}
