import Flow

/// The error scene code jumps to by storyboard identifier; OK dismisses it.
final class ServerErrorViewController: ViewController {
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("acknowledge:", ServerErrorViewController.acknowledge)
        return table
    }

    func acknowledge() {
        dismiss()
    }
}
