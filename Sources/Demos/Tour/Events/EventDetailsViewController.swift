import Flow

/// "Details": a grouped static table in Right Detail style (author, date) for one event.
///
/// The list hands the event over in `prepare(for:sender:)`, which runs before this view loads;
/// the outlets into the static cells are filled once they exist, in `viewDidLoad`.
final class EventDetailsViewController: TableViewController {
    @Outlet var authorLabel: Label?
    @Outlet var dateLabel: Label?

    var event: Event?

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let event else { return }
        navigationItem.title = event.name
        authorLabel?.text = event.author
        dateLabel?.text = event.date
    }
}
