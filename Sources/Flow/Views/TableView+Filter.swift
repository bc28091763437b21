/// Filtering a table's rows by their text, as a search bar does.
///
/// The first query asks the data source for every row once and keeps the rows' texts; each
/// later key filters those texts, starting from the rows of an earlier query the new one
/// contains (typing narrows), and a query met again (after a backspace) is looked up. Only
/// `reloadData()` sends the filter back to the data source.
extension TableView {
    /// The data source's path for a row as shown (the same path while nothing filters).
    public func sourceIndexPath(for shown: IndexPath) -> IndexPath {
        guard let shownRows, shownRows.indices.contains(shown.section),
            shownRows[shown.section].indices.contains(shown.row)
        else { return shown }
        return IndexPath(row: shownRows[shown.section][shown.row], section: shown.section)
    }

    /// The filter's text changed: the rows are worked out again and the highlight goes back
    /// to the first row, as a new list of results starts at its top.
    func filterChanged() {
        applyFilter()
        reloadCount &+= 1
        selectedIndexPath = nil
    }

    /// Works out the rows that match `filterText`.
    func applyFilter() {
        let query = filterText.lowercased()
        guard !query.isEmpty else {
            shownRows = nil
            return
        }
        if rowTexts?.version != dataVersion {
            rowTexts = (dataVersion, collectRowTexts())
            filterResults = [:]
        }
        let texts = rowTexts?.texts ?? []
        if let known = filterResults[query] {
            shownRows = known
            return
        }
        // The longest earlier query inside this one already excludes what this one would.
        let narrowest = filterResults.filter { query.contains($0.key) }.max { $0.key.count < $1.key.count }?.value
        let rows = texts.indices.map { section in
            let candidates = narrowest.map { $0[section] } ?? Array(texts[section].indices)
            return candidates.filter { texts[section][$0].contains(query) }
        }
        if filterResults.count >= 64 { filterResults = [:] }
        filterResults[query] = rows
        shownRows = rows
    }

    /// Every row's text, lowercased, by section: its labels' texts, as the user reads them.
    private func collectRowTexts() -> [[String]] {
        guard let dataSource else { return [] }
        return (0..<numberOfSections).map { section in
            (0..<sourceRowCount(inSection: section)).map { row in
                let cell = dataSource.tableView(self, cellForRowAt: IndexPath(row: row, section: section))
                defer { recycle(cell) }
                return Self.searchableText(of: cell).lowercased()
            }
        }
    }

    /// The texts a row is found by: its text and detail labels and every label of its content.
    static func searchableText(of cell: TableViewCell) -> String {
        var parts: [String] = []
        if let text = cell.textLabel?.text { parts.append(text) }
        if let detail = cell.detailTextLabel?.text { parts.append(detail) }
        for view in cell.contentView.allViews where view !== cell.textLabel && view !== cell.detailTextLabel {
            if let text = view.searchableText { parts.append(text) }
        }
        return parts.joined(separator: "\n")
    }
}

extension SearchBar {
    /// The table whose rows the text filters: the one the bar heads, else the first of the
    /// screen's view (never loading a view to find it).
    public var filteredTable: TableView? {
        superview as? TableView ?? owner?.viewStorage?.firstTable
    }
}
