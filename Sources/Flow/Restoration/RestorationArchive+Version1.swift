/// Reading archives of version 1, which gave each kind of container fields of its own in the
/// node (`stack`, `tabs`, `columns`, `page`…): saved screens on users' disks still come back.
///
/// The table below is the one place those fields are named: each becomes the contents of the
/// kind that wrote it, under the names that kind encodes today.
extension RestorationArchive.Node {
    private enum Version1Key: String, CodingKey {
        case stack, emptyStack, tabs, selectedTab, columns, focusedColumn, detailChosen, collapsedDetails, page
    }

    /// The kind that wrote each field.
    private static let version1Kinds: [Version1Key: String] = [
        .stack: "navigation", .emptyStack: "navigation", .tabs: "tabs", .selectedTab: "tabs", .columns: "split",
        .focusedColumn: "split", .detailChosen: "split", .collapsedDetails: "split", .page: "pages",
    ]

    /// The contents a version-1 node's fields held; nil when it has none (a scene).
    static func version1Contents(from decoder: any Decoder) throws -> RestorationArchive.Contents? {
        let container = try decoder.container(keyedBy: Version1Key.self)
        guard let kind = container.allKeys.compactMap({ version1Kinds[$0] }).first else { return nil }
        var contents = RestorationArchive.Contents(kind: kind)
        for key in [Version1Key.stack, .tabs] {
            if let nodes = try container.decodeIfPresent([RestorationArchive.Node].self, forKey: key) {
                contents.set(nodes, forKey: key.rawValue)
            }
        }
        if let page = try container.decodeIfPresent(RestorationArchive.Node.self, forKey: .page) {
            contents.set(page, forKey: Version1Key.page.rawValue)
        }
        // A split view's columns were one object, by column name; each is its own name now.
        for (column, node) in try container.decodeIfPresent([String: RestorationArchive.Node].self, forKey: .columns) ?? [:] {
            contents.set(node, forKey: column)
        }
        for key in [Version1Key.selectedTab, .collapsedDetails] {
            if let value = try container.decodeIfPresent(Int.self, forKey: key) { contents.set(value, forKey: key.rawValue) }
        }
        for key in [Version1Key.emptyStack, .detailChosen] {
            if let value = try container.decodeIfPresent(Bool.self, forKey: key) { contents.set(value, forKey: key.rawValue) }
        }
        if let column = try container.decodeIfPresent(String.self, forKey: .focusedColumn) {
            contents.set(column, forKey: Version1Key.focusedColumn.rawValue)
        }
        return contents
    }
}
