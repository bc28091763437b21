extension Array where Element == String {
    /// These lines of a screen with row `row` (0 is the top) drawn as `line` instead: a screen
    /// that differs from a named one in one row, written as that difference. A row outside the
    /// screen is a mistake in the test and stops it.
    public func replacing(row: Int, with line: String) -> [String] {
        precondition(indices.contains(row), "row \(row) is outside a screen of \(count) rows")
        var screen = self
        screen[row] = line
        return screen
    }
}
