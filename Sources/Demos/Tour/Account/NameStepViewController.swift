import Flow

/// Step 1, the name. Reset on the last step unwinds here: the step clears its field so the
/// user starts over.
final class NameStepViewController: ViewController {
    @Outlet var nameField: TextField?
    /// How many times Reset came back here.
    private(set) var resets = 0

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("resetAccount:", NameStepViewController.resetAccount)
        return table
    }

    func resetAccount(_ segue: StoryboardSegue) {
        resets += 1
        nameField?.text = ""
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        if segue.identifier == "ShowEmailStep", let email = segue.destination as? EmailStepViewController {
            email.name = nameField?.text ?? ""
        }
    }
}
