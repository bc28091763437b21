import Flow

/// The tour's start screen: a static table whose rows fire a segue to each example.
///
/// It declares `unwindToTour:` so any example, however deep, can come straight back here;
/// the Dungeon, presented full screen, closes that way.
final class TourViewController: TableViewController {
    /// How many times an example unwound back here.
    private(set) var returns = 0

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("unwindToTour:", TourViewController.unwindToTour)
        return table
    }

    func unwindToTour(_ segue: StoryboardSegue) {
        returns += 1
    }
}
