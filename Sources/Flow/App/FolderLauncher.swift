import FoundationEssentials

/// The launcher of a folder that is not one app: a list of its apps, or of its storyboards,
/// each opening full screen, with Esc on its first screen coming back to the list (the
/// bundled launcher's shape, made in code for whatever the folder holds).
public enum FolderLauncher {
    /// A row of the launcher.
    public struct Entry: Sendable {
        /// The row's text: an app's name, or a storyboard's.
        public var title: String
        /// Its second line: where it is in the folder.
        public var detail: String
        /// The storyboard the row opens (its initial scene); `nil` when it is not in the
        /// folder, so the row opens a stand-in saying so.
        public var file: URL?
        /// What the storyboard is called, for the stand-in if it cannot be opened.
        public var storyboardName: String

        /// A row titled `title` over `detail`, opening `file` (`storyboardName`'s).
        public init(title: String, detail: String, file: URL?, storyboardName: String) {
            self.title = title
            self.detail = detail
            self.file = file
            self.storyboardName = storyboardName
        }
    }

    /// A storyboard document: a navigation controller around a list of `entries`, titled
    /// `title`, each row presenting its storyboard full screen.
    public static func document(title: String, header: String, entries: [Entry]) -> StoryboardDocument {
        var cells: [CellSpec] = []
        var segues: [SegueSpec] = []
        var references: [ControllerSpec] = []
        for (index, entry) in entries.enumerated() {
            let cellID = "launcher.cell.\(index)"
            let textID = cellID + ".text"
            let detailID = cellID + ".detail"
            let content = ViewSpec(
                id: cellID + ".content", kind: .view,
                subviews: [
                    ViewSpec(id: textID, kind: .label(text: entry.title, alignment: .natural, isBold: false)),
                    ViewSpec(id: detailID, kind: .label(text: entry.detail, alignment: .natural, isBold: false)),
                ])
            cells.append(
                CellSpec(
                    id: cellID, style: .subtitle, accessoryType: .disclosureIndicator, text: entry.title,
                    detailText: entry.detail, textLabelID: textID, detailTextLabelID: detailID, contentView: content))
            let referenceID = "launcher.reference.\(index)"
            segues.append(
                SegueSpec(
                    id: "launcher.open.\(index)", kind: .present, destinationID: referenceID, owner: .cell(id: cellID),
                    modalPresentationStyle: .fullScreen))
            references.append(
                ControllerSpec(
                    id: referenceID, kind: .reference,
                    reference: StoryboardReferenceSpec(storyboardName: entry.storyboardName, fileURL: entry.file)))
        }
        let section = TableSectionSpec(
            id: "launcher.section", headerTitle: header,
            footerTitle: entries.isEmpty ? "Nothing to open here." : "Enter opens one; Esc on its first screen comes back here.",
            cells: cells)
        let table = TableSpec(id: "launcher.table", dataMode: .staticCells, style: .grouped, sections: [section])
        let list = ControllerSpec(
            id: "launcher.list", kind: .tableViewController, title: title,
            navigationItem: NavigationItemSpec(id: "launcher.item", title: title),
            view: ViewSpec(id: "launcher.table", kind: .table(table)), segues: segues)
        let navigation = ControllerSpec(
            id: "launcher.navigation", kind: .navigationController,
            segues: [
                SegueSpec(
                    id: "launcher.root", kind: .relationship, destinationID: list.id, relationship: .rootViewController)
            ])
        return StoryboardDocument(
            fileName: "launcher", initialControllerID: navigation.id, controllers: [navigation, list] + references)
    }

    /// A document whose initial scene is the storyboard `name`'s initial scene: a stand-in,
    /// when (as for an app whose main storyboard is not in its folder) it cannot be found.
    public static func document(opening name: String) -> StoryboardDocument {
        let reference = ControllerSpec(
            id: "launcher.main", kind: .reference, reference: StoryboardReferenceSpec(storyboardName: name))
        return StoryboardDocument(fileName: "launcher", initialControllerID: reference.id, controllers: [reference])
    }

    /// The launcher of `index`: its apps when it has several, else every storyboard in it.
    public static func document(for index: StoryboardIndex) -> StoryboardDocument {
        let folder = index.root.lastPathComponent
        if index.apps.count > 1 {
            let entries = index.apps.map { app -> Entry in
                let main = app.manifest.mainStoryboard ?? ""
                let file = index.resolve(main, from: app.root.appendingPathComponent("Info.plist")).file
                return Entry(
                    title: app.name, detail: app.relativePath, file: file?.url, storyboardName: main)
            }
            return document(title: "Apps", header: "Apps in \(folder)", entries: entries)
        }
        let entries = index.storyboards.map {
            Entry(title: $0.name, detail: $0.relativePath, file: $0.url, storyboardName: $0.name)
        }
        return document(title: "Storyboards", header: "Storyboards in \(folder)", entries: entries)
    }
}
