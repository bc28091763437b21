/// Where two screens first differ, row by row and column by column; nil when they are the
/// same. A missing cell reads as a space, a missing row as a row of spaces, so an expected
/// line shorter than the screen stands for the line followed by spaces.
public func firstDifference(_ lines: [String], _ expected: [String]) -> (column: Int, row: Int, expected: Character, actual: Character)? {
    for row in 0..<max(lines.count, expected.count) {
        let drawn = row < lines.count ? Array(lines[row]) : []
        let wanted = row < expected.count ? Array(expected[row]) : []
        for column in 0..<max(drawn.count, wanted.count) {
            let actual = column < drawn.count ? drawn[column] : " "
            let expectedCell = column < wanted.count ? wanted[column] : " "
            if actual != expectedCell { return (column, row, expectedCell, actual) }
        }
    }
    return nil
}

/// Nil when `lines` (a screen as drawn) equal `expected` cell for cell; else a message that
/// names the first cell that differs (its column and row, what was expected there and what
/// was drawn) and shows both screens (ratatui's `assert_buffer_eq`). The test targets' own
/// `assertScreen` records it as an issue.
public func screenMismatch(_ lines: [String], _ expected: [String]) -> String? {
    guard let difference = firstDifference(lines, expected) else { return nil }
    return """
        screens differ first at column \(difference.column), row \(difference.row): expected \
        “\(difference.expected)”, drawn “\(difference.actual)”
        expected:
        \(expected.map { "│" + $0 + "│" }.joined(separator: "\n"))
        drawn:
        \(lines.map { "│" + $0 + "│" }.joined(separator: "\n"))
        """
}
