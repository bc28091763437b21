import Flow

/// "Events": a prototype table filled in code. Selecting a row shows its map; the row's
/// detail disclosure button fires the second segue, `ShowDetails`.
final class EventsViewController: TableViewController {
    var events = Event.samples

    override func numberOfSections(in tableView: TableView) -> Int { 1 }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        events.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "EventCell", for: indexPath)
        guard events.indices.contains(indexPath.row) else { return cell }
        cell.textLabel?.text = events[indexPath.row].name
        cell.detailTextLabel?.text = events[indexPath.row].place
        return cell
    }

    /// Both segues start from the same cell: the identifier tells them apart, and the sender
    /// (the cell) tells which event. With no cell (a segue performed from code) the highlighted
    /// row counts, else the first event.
    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        let row = (sender as? TableViewCell)?.indexPath?.row ?? tableView?.selectedIndexPath?.row ?? 0
        guard events.indices.contains(row) else { return }
        switch segue.identifier {
        case "ShowMap":
            (segue.destination as? EventMapViewController)?.event = events[row]
        case "ShowDetails":
            (segue.destination as? EventDetailsViewController)?.event = events[row]
        default:
            break
        }
    }
}
