/// What the screen-reader mode promises of every frame, which the monkey checks after each
/// event while the mode is on: no box-drawing or block character (U+2500–U+259F) for a
/// reader to speak, and the terminal's cursor shown, on the screen.
public enum ScreenReaderCheck {
    /// What is wrong with `frame` shown with the cursor at `cursor`, or nil.
    public static func violation(_ frame: CellBuffer, cursor: Point?) -> String? {
        for (row, line) in frame.lines.enumerated() {
            if let drawn = line.unicodeScalars.first(where: { (0x2500...0x259F).contains($0.value) }) {
                return "the screen-reader mode drew U+\(String(drawn.value, radix: 16, uppercase: true)) on row \(row): \(line)"
            }
        }
        guard let cursor else { return "the screen-reader mode hid the cursor" }
        guard frame.size.width == 0 || frame.bounds.contains(cursor) else {
            return "the screen-reader mode put the cursor at \(cursor.x),\(cursor.y), off a \(frame.size.width)×\(frame.size.height) screen"
        }
        return nil
    }
}
