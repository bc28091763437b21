import Flow

/// "Account": presents the sign-up steps as a form sheet and is where Done unwinds to.
///
/// Done's unwind action reads the account back from the segue's source (the confirmation
/// step) and shows a success message; Cancel on the first step comes back with nothing.
final class AccountViewController: ViewController {
    @Outlet var statusLabel: Label?
    /// The account the last sign-up produced.
    private(set) var account: Account?

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("doneCreatingAccount:", AccountViewController.doneCreatingAccount)
        table.unwind("cancelAccount:", AccountViewController.cancelAccount)
        return table
    }

    func doneCreatingAccount(_ segue: StoryboardSegue) {
        guard let confirmation = segue.source as? ConfirmStepViewController,
            let account = confirmation.account
        else { return }
        self.account = account
        statusLabel?.text = "Welcome, \(account.name)! Your account \(account.email) is ready."
    }

    func cancelAccount(_ segue: StoryboardSegue) {
        statusLabel?.text = account == nil ? "No account yet." : statusLabel?.text ?? ""
    }
}
