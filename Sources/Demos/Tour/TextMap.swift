import Flow

/// A small map drawn with characters: a frame, open ground, and marks, one text row per label.
///
/// The tour's maps are stacks of labels, so they draw in any terminal and are easy to assert.
struct TextMap: Equatable {
    let width: Int
    let height: Int
    private var cells: [[Character]]

    /// A map of `width` × `height` cells of `ground` (sizes below 1 count as 1).
    init(width: Int, height: Int, ground: Character = ".") {
        self.width = max(1, width)
        self.height = max(1, height)
        cells = Array(repeating: Array(repeating: ground, count: self.width), count: self.height)
    }

    /// A map drawn from rows of text; short rows are padded with spaces.
    init(rows: [String]) {
        let width = rows.map(\.count).max() ?? 1
        self.init(width: width, height: rows.count, ground: " ")
        for (y, row) in rows.enumerated() {
            for (x, character) in row.enumerated() { cells[y][x] = character }
        }
    }

    /// The character at a cell, `nil` outside the map.
    subscript(x: Int, y: Int) -> Character? {
        guard (0..<height).contains(y), (0..<width).contains(x) else { return nil }
        return cells[y][x]
    }

    /// Puts a mark on a cell; marks outside the map are ignored.
    mutating func mark(_ character: Character, x: Int, y: Int) {
        guard (0..<height).contains(y), (0..<width).contains(x) else { return }
        cells[y][x] = character
    }

    /// Fills a rectangle, clipped to the map.
    mutating func fill(_ character: Character, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        for row in y..<(y + height) {
            for column in x..<(x + width) { mark(character, x: column, y: row) }
        }
    }

    /// The rows with a frame around them, top to bottom.
    var framedRows: [String] {
        let edge = "+" + String(repeating: "-", count: width) + "+"
        return [edge] + cells.map { "|" + String($0) + "|" } + [edge]
    }

    /// Shows `rows` in a stack of labels, one per row, adding labels when there are too few
    /// and hiding the ones left over.
    static func show(_ rows: [String], in stack: StackView?) {
        guard let stack else { return }
        var labels = stack.subviews.compactMap { $0 as? Label }
        while labels.count < rows.count {
            let label = Label(id: "\(stack.id).row\(labels.count)", text: "")
            stack.addSubview(label)
            labels.append(label)
        }
        for (index, label) in labels.enumerated() {
            label.isHidden = index >= rows.count
            label.text = index < rows.count ? rows[index] : ""
        }
    }
}
