import Flow

/// What the copy key copies: the text of what has the focus.
enum Clipboard {
    /// Whether `focused` has something to copy, without asking a data source for a cell (the
    /// key map asks on every frame).
    static func canCopy(_ focused: View?) -> Bool {
        switch focused {
        case let field as TextField: !field.isSecureTextEntry && !field.text.isEmpty
        case let view as TextView: !view.text.isEmpty
        case let table as TableView: table.selectedIndexPath != nil
        case let grid as CollectionView: grid.selectedIndex != nil
        default: false
        }
    }

    /// The text of `focused`: a table's highlighted row (its text and detail), a field's or a
    /// text view's value, a grid's highlighted item. Nil for what has no text to copy, and for
    /// a secure field, whose text never leaves it (a copy goes through the terminal's output,
    /// where a recording or the scrollback would keep it).
    static func text(of focused: View?) -> String? {
        switch focused {
        case let field as TextField:
            return field.isSecureTextEntry || field.text.isEmpty ? nil : field.text
        case let view as TextView:
            return view.text.isEmpty ? nil : view.text
        case let table as TableView:
            guard let path = table.selectedIndexPath else { return nil }
            return table.rowText(at: path)
        case let grid as CollectionView:
            guard let index = grid.selectedIndex else { return nil }
            let title = grid.cellForItem(at: index)?.title ?? ""
            return title.isEmpty ? nil : title
        default:
            return nil
        }
    }
}

extension TableView {
    /// A row's text and detail, as a person would copy them: `Kenya AA — 203 °F`.
    func rowText(at path: IndexPath) -> String? {
        guard let cell = cellForRow(at: path) else { return nil }
        let parts = [cell.title, cell.detailTextLabel?.text ?? ""].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " — ")
    }
}
