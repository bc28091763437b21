import Flow

/// "States": the master list; selecting a state pushes its detail scene.
final class StatesViewController: TableViewController {
    var states = StateInfo.samples

    override func numberOfSections(in tableView: TableView) -> Int { 1 }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        states.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "StateCell", for: indexPath)
        guard states.indices.contains(indexPath.row) else { return cell }
        cell.textLabel?.text = states[indexPath.row].name
        cell.detailTextLabel?.text = states[indexPath.row].gdpText
        return cell
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        guard segue.identifier == "ShowState", let detail = segue.destination as? StateDetailViewController else { return }
        let row = (sender as? TableViewCell)?.indexPath?.row ?? tableView?.selectedIndexPath?.row ?? 0
        if states.indices.contains(row) { detail.state = states[row] }
    }
}
