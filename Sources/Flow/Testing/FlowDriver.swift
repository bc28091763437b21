import FoundationEssentials

/// Something a headless driver was asked to tap and could not find.
public struct DriverError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Drives a running storyboard with no terminal: tap rows, buttons and bar buttons by title,
/// type into fields, go back, and read the stack and the trace.
public final class FlowDriver {
    public let application: Application

    /// Wraps an application whose root is already set.
    public init(application: Application) {
        self.application = application
    }

    /// Starts `storyboard`'s initial scene (or the scene with storyboard identifier `scene`).
    public static func launch(_ storyboard: Storyboard, scene: String? = nil) throws -> FlowDriver {
        guard let application = storyboard.application else { throw DriverError("the storyboard has no application") }
        let root: ViewController
        if let scene {
            root = try storyboard.instantiateViewController(withIdentifier: scene)
        } else if let initial = storyboard.instantiateInitialViewController() {
            root = initial
        } else {
            throw FlowError.noInitialViewController(file: storyboard.document.fileName)
        }
        application.setRootViewController(root)
        return FlowDriver(application: application)
    }

    // MARK: Reading

    /// The content controller on top of the screen.
    public var top: ViewController {
        application.topViewController ?? ViewController()
    }

    /// The displayed title of the top controller.
    public var title: String? { top.displayTitle }

    /// Displayed titles of the top layer's navigation stack, root first (or the top alone).
    public var stack: [String] {
        if let navigation = top.navigationController {
            return navigation.viewControllers.map { $0.displayTitle ?? $0.debugName }
        }
        return [top.displayTitle ?? top.debugName]
    }

    /// The number of presentation layers above the window's root.
    public var presentationDepth: Int { application.presentationLayers.count - 1 }

    /// The top controller's table, if it shows one.
    public var table: TableView? {
        top.isViewLoaded ? top.view.firstTable : nil
    }

    /// Titles of the first `limit` rows of the top table, in order.
    public func rowTitles(limit: Int = 200) -> [String] {
        guard let table else { return [] }
        var titles: [String] = []
        var path = table.firstIndexPath
        while let current = path, titles.count < limit {
            if let cell = table.cellForRow(at: current) {
                titles.append(cell.title)
                table.recycle(cell)
            }
            path = table.indexPath(after: current)
        }
        return titles
    }

    /// The cell at a row of the top table.
    public func cell(at indexPath: IndexPath) -> TableViewCell? { table?.cellForRow(at: indexPath) }

    // MARK: Acting

    /// Selects the first row of the top table whose title is `title`.
    public func tapRow(_ title: String) throws {
        let path = try indexPath(ofRow: title)
        table?.selectRow(at: path)
    }

    /// Selects a row by position.
    public func tapRow(at indexPath: IndexPath) throws {
        guard let table, table.cellForRow(at: indexPath) != nil else {
            throw DriverError("no row \(indexPath) on \(top.debugName)")
        }
        table.selectRow(at: indexPath)
    }

    /// Taps the accessory button of the row titled `title`.
    public func tapAccessory(_ title: String) throws {
        let path = try indexPath(ofRow: title)
        table?.tapAccessory(at: path)
    }

    private func indexPath(ofRow title: String) throws -> IndexPath {
        guard let table else { throw DriverError("\(top.debugName) shows no table") }
        var path = table.firstIndexPath
        var scanned = 0
        while let current = path, scanned < 10_000 {
            if let cell = table.cellForRow(at: current) {
                let matches = cell.title == title
                table.recycle(cell)
                if matches { return current }
            }
            path = table.indexPath(after: current)
            scanned += 1
        }
        throw DriverError("no row titled \"\(title)\" on \(top.debugName); rows: \(rowTitles(limit: 20))")
    }

    /// Bar button items of the top controller's bar (its own, or its navigation controller's
    /// top item), left then right.
    public var barButtons: [BarButtonItem] { top.navigationItem.allItems }

    /// Presses the bar button titled `title` (a system item's title counts: "+", "Done").
    public func tapBarButton(_ title: String) throws {
        guard let item = barButtons.first(where: { $0.displayTitle == title || $0.id == title }) else {
            throw DriverError("no bar button \"\(title)\" on \(top.debugName); buttons: \(barButtons.map(\.displayTitle))")
        }
        item.tap()
    }

    /// Presses the button titled `title` (or with that id, or showing it as a button with an
    /// image only shows its label) in the top controller's view.
    public func tapButton(_ title: String) throws {
        let buttons = top.view.allButtons
        guard let button = buttons.first(where: { $0.title == title || $0.id == title || $0.displayTitle == title }) else {
            throw DriverError("no button \"\(title)\" on \(top.debugName); buttons: \(buttons.map(\.displayTitle))")
        }
        button.tap()
    }

    /// Goes back as the back button would: pops the top controller.
    public func tapBack() throws {
        guard let navigation = top.navigationController, navigation.viewControllers.count > 1 else {
            throw DriverError("\(top.debugName) has no back button")
        }
        navigation.popViewController()
    }

    /// Types `text` into the text field with this id or placeholder (the first field if nil),
    /// replacing what it held.
    public func type(_ text: String, into field: String? = nil) throws {
        let fields = top.view.allTextFields
        guard let target = fields.first(where: { field == nil || $0.id == field || $0.placeholder == field }) else {
            throw DriverError("no text field \(field ?? "") on \(top.debugName)")
        }
        target.setText(text)
    }

    /// The first view of type `T` in the top controller's view.
    public func first<T: View>(_ type: T.Type) -> T? { top.view.first(type) }

    /// Presses the alert button titled `title` on the alert on top.
    public func tapAlertAction(_ title: String) throws {
        guard let alert = application.alertOnTop else {
            throw DriverError("no alert is showing")
        }
        alert.tapAction(titled: title)
    }
}
