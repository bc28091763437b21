import Flow

/// "Colors": the palette of favourite colours, each with its name and a swatch.
final class PaletteViewController: TableViewController {
    private(set) var colors: [PaletteColor] = []

    private var store: (any Store)? { application?.store }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView?.emptyMessage = "No colours yet. Press + to mix one."
    }

    /// The chapter reloads the palette every time it reappears, so edits made in the
    /// editor (and by another instance on the same store) show at once.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        reload()
    }

    func reload() {
        do {
            colors = try store?.colors() ?? []
        } catch {
            application?.warn(String(describing: error))
        }
        tableView?.reloadData()
    }

    override func numberOfSections(in tableView: TableView) -> Int { 1 }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { colors.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "UITableViewCell", for: indexPath)
        guard colors.indices.contains(indexPath.row) else { return cell }
        let color = colors[indexPath.row]
        cell.textLabel?.text = color.displayName
        cell.swatch = color.rgb
        return cell
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        switch segue.identifier {
        case "NewColor":
            // As in the chapter: a new colour ("Blue") joins the palette at once and goes to
            // the editor through the navigation controller's top view controller.
            guard let navigation = segue.destination as? NavigationController,
                let editor = navigation.topViewController as? ColorViewController
            else { return }
            do {
                guard let store else { return }
                let color = try store.addColor(name: "Blue", red: 0, green: 0, blue: 1)
                colors.append(color)
                editor.colorDescription = color
            } catch {
                application?.warn(String(describing: error))
            }
        case "ExistingColor":
            guard let cell = sender as? TableViewCell, let row = cell.indexPath?.row, colors.indices.contains(row),
                let editor = segue.destination as? ColorViewController
            else { return }
            editor.colorDescription = colors[row]
            editor.existingColor = true
        default:
            break
        }
    }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(input: "d", title: "Delete") { [weak self] in self?.confirmDelete() }]
    }

    /// Asks before deleting the highlighted colour.
    func confirmDelete() {
        guard let row = tableView?.selectedIndexPath?.row, colors.indices.contains(row) else { return }
        let color = colors[row]
        let alert = AlertController(title: "Delete \(color.displayName)?", message: "The colour leaves the palette for good.")
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Delete", style: .destructive) { [weak self] in
            guard let self else { return }
            do {
                _ = try self.store?.deleteColor(id: color.id)
            } catch {
                self.application?.warn(String(describing: error))
            }
            self.reload()
        })
        present(alert)
    }
}

extension PaletteColor {
    /// The name as shown: an empty name reads "Untitled" (and is kept empty in the store).
    var displayName: String {
        name.isBlank ? "Untitled" : name
    }

    var rgb: RGBColor { RGBColor(red: red, green: green, blue: blue) }
}
