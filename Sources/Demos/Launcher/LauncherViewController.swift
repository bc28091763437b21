import Flow

/// The launcher's list: the bundled storyboards, each opened by its row's segue, and a row
/// that turns the screen-reader mode on and off and keeps it for the next runs.
final class LauncherViewController: TableViewController {
    /// The row that turns the screen-reader mode on and off.
    static let screenReaderRowID = "Lch-Ce-004"

    /// The row says whether the mode is on, however it was turned on.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        showScreenReaderMode()
    }

    /// Enter on the mode's row: off, it turns the mode on and keeps it; on for this run only
    /// (a flag asked for it), it keeps it; kept, it turns it off. The storyboards' rows have
    /// their segues.
    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        guard let application, let cell = tableView.cellForRow(at: indexPath), cell.cellSpecID == Self.screenReaderRowID else { return }
        if application.isScreenReaderRunning, application.keepsScreenReaderMode {
            application.isScreenReaderRunning = false
            application.keepsScreenReaderMode = false
        } else {
            application.isScreenReaderRunning = true
            application.keepsScreenReaderMode = true
        }
        showScreenReaderMode()
    }

    /// Says on the row whether the mode is on, whether for this run or kept, and what Enter
    /// does: a user who did not mean it must find the way out.
    private func showScreenReaderMode() {
        let row = tableView?.staticCells.joined().first { $0.cellSpecID == Self.screenReaderRowID }
        row?.detailTextLabel?.text = switch (application?.isScreenReaderRunning == true, application?.keepsScreenReaderMode == true) {
        case (true, true): Self.keptText
        case (true, false): Self.thisRunText
        case (false, _): "Off"
        }
    }

    /// What the row says when the mode is on and kept for the next runs.
    static let keptText = "On, Enter turns it off"
    /// What the row says when the mode is on for this run only.
    static let thisRunText = "On for this run, Enter keeps it on"
}
