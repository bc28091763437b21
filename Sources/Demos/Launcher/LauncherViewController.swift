import Flow

/// The launcher's list: the bundled storyboards, each opened by its row's segue, and a row
/// that turns the screen-reader mode on and off.
final class LauncherViewController: TableViewController {
    /// The row that turns the screen-reader mode on and off.
    static let screenReaderRowID = "Lch-Ce-004"

    /// The row says whether the mode is on, however it was turned on.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        showScreenReaderMode()
    }

    /// Enter on the mode's row turns it on or off; the storyboards' rows have their segues.
    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        guard let application, let cell = tableView.cellForRow(at: indexPath), cell.cellSpecID == Self.screenReaderRowID else { return }
        application.isScreenReaderRunning.toggle()
        showScreenReaderMode()
    }

    /// Says on the row whether the mode is on and, when it is, how to turn it off: it stays
    /// on in the next runs, and a user who did not mean it must find the way out.
    private func showScreenReaderMode() {
        let row = tableView?.staticCells.joined().first { $0.cellSpecID == Self.screenReaderRowID }
        row?.detailTextLabel?.text = application?.isScreenReaderRunning == true ? Self.onText : "Off"
    }

    /// What the row says when the mode is on.
    static let onText = "On, Enter turns it off"
}
