import Flow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// "Daily Buzz": the brewing sessions, newest first, read from the store a page at a time.
final class BrewSessionsViewController: TableViewController, AddSessionDelegate {
    /// Rows are fetched in pages around what is on screen; only a few pages are kept.
    private var pages: [Int: [BrewSessionRow]] = [:]
    private var pageOrder: [Int] = []
    private static let pageSize = 64
    private static let pagesKept = 8
    private(set) var sessionCount = 0

    private var store: (any Store)? { application?.store }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView?.emptyMessage = "No brewing sessions yet. Press + to log one."
    }

    /// The list re-reads the store each time it appears: sessions added here or by another
    /// instance on the same store show up.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        reload()
    }

    func reload() {
        pages.removeAll()
        pageOrder.removeAll()
        do {
            sessionCount = try store?.sessionCount() ?? 0
        } catch {
            sessionCount = 0
            application?.warn(error.description)
        }
        tableView?.reloadData()
    }

    /// The session at a row, fetching its page if it isn't cached.
    func session(at row: Int) -> BrewSessionRow? {
        guard row >= 0, row < sessionCount, let store else { return nil }
        let page = row / Self.pageSize
        if pages[page] == nil {
            do {
                pages[page] = try store.sessions(offset: page * Self.pageSize, limit: Self.pageSize)
            } catch {
                application?.warn(error.description)
                return nil
            }
            pageOrder.append(page)
            if pageOrder.count > Self.pagesKept { pages[pageOrder.removeFirst()] = nil }
        }
        let rows = pages[page] ?? []
        let index = row - page * Self.pageSize
        return rows.indices.contains(index) ? rows[index] : nil
    }

    override func numberOfSections(in tableView: TableView) -> Int { 1 }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sessionCount }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "BrewSessionCell", for: indexPath)
        guard let row = session(at: indexPath.row) else { return cell }
        if let sessionCell = cell as? BrewSessionCell {
            sessionCell.show(row)
        } else {
            cell.textLabel?.text = row.coffeeName
        }
        return cell
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        switch segue.identifier {
        case "ShowBrewDetails":
            guard let cell = sender as? TableViewCell, let row = cell.indexPath?.row,
                let details = segue.destination as? BrewDetailsViewController
            else { return }
            details.session = session(at: row)
        case "AddSession":
            let navigation = segue.destination as? NavigationController
            (navigation?.topViewController as? AddSessionViewController)?.delegate = self
        default:
            break
        }
    }

    // MARK: AddSessionDelegate

    func addSessionDidCancel(_ controller: AddSessionViewController) {
        dismiss()
    }

    /// Commits first, then dismisses: a session the user saw accepted is on disk.
    func addSession(_ controller: AddSessionViewController, didFinishWith coffee: Coffee, temperatureF: Int) {
        do {
            try store?.addSession(coffeeID: coffee.id, temperatureF: temperatureF, brewedAt: Date())
        } catch {
            controller.showProblem("Could not save: \(error.description)")
            return
        }
        dismiss()
        tableView?.selectedIndexPath = tableView?.firstIndexPath
    }

    // MARK: Deleting

    override var keyCommands: [KeyCommand] {
        [KeyCommand(input: "d", title: "Delete") { [weak self] in self?.confirmDelete() }]
    }

    /// Asks before deleting the highlighted session.
    func confirmDelete() {
        guard let row = tableView?.selectedIndexPath?.row, let session = session(at: row) else { return }
        let alert = AlertController(
            title: "Delete this session?",
            message: "\(session.coffeeName), \(TemperatureInput.displayText(fahrenheit: session.temperatureF)), \(BrewDateFormat.string(from: session.brewedAt))")
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Delete", style: .destructive) { [weak self] in
            guard let self else { return }
            do {
                _ = try self.store?.deleteSession(id: session.id)
            } catch {
                self.application?.warn(String(describing: error))
            }
            self.reload()
        })
        present(alert)
    }
}

/// The prototype cell: coffee name in bold, water temperature, date right-aligned.
final class BrewSessionCell: TableViewCell {
    @Outlet var coffeeNameLabel: Label?
    @Outlet var temperatureLabel: Label?
    @Outlet var dateLabel: Label?

    func show(_ session: BrewSessionRow) {
        coffeeNameLabel?.text = session.coffeeName
        temperatureLabel?.text = TemperatureInput.displayText(fahrenheit: session.temperatureF)
        dateLabel?.text = BrewDateFormat.string(from: session.brewedAt)
    }
}

/// How sessions' dates read: local date and time, the same on every screen.
///
/// Formatted with the C library rather than `DateFormatter`: a list redraws its dates on
/// every key, and this is many times cheaper.
enum BrewDateFormat {
    static func string(from date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
