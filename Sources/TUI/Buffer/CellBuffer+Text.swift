/// The buffer as plain text, for tests and snapshots.
extension CellBuffer: CustomStringConvertible {
    /// Each row as plain text: wide characters once, trailing spaces kept.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for x in 0..<width {
                let cell = cells[row * width + x]
                if !cell.isContinuation { line.append(cell.character) }
            }
            return line
        }
    }

    /// The rows joined by newlines (no newline after the last row).
    public var text: String { lines.joined(separator: "\n") }

    /// Same as `text`.
    public var description: String { text }

    /// Where this buffer first differs from `expected` (size, then cells in reading
    /// order, characters before styles), or nil when they are equal.
    public func firstDifference(from expected: CellBuffer) -> String? {
        if size != expected.size {
            return "size \(size) differs from the expected \(expected.size)"
        }
        for y in 0..<height {
            for x in 0..<width {
                let actual = cells[y * width + x]
                let wanted = expected.cells[y * width + x]
                guard actual != wanted else { continue }
                let what: String
                if actual.character != wanted.character || actual.isWide != wanted.isWide
                    || actual.isContinuation != wanted.isContinuation
                {
                    what = "\(Self.describe(actual)) where \(Self.describe(wanted)) was expected"
                } else {
                    what = "style \(actual.style) where \(wanted.style) was expected"
                }
                return """
                    cell \(Point(x: x, y: y)): \(what)
                      actual row:   |\(lines[y])|
                      expected row: |\(expected.lines[y])|
                    """
            }
        }
        return nil
    }

    private static func describe(_ cell: Cell) -> String {
        if cell.isContinuation { return "the right half of a wide character" }
        let scalars = cell.character.unicodeScalars
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
            .joined(separator: " ")
        return "\"\(cell.character)\" (\(scalars))"
    }
}
