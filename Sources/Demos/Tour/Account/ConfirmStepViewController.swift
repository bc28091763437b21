import Flow

/// Step 3: type the email again. Done (an unwind segue to the presenter) goes through only
/// when the two addresses match; Reset (an unwind segue to step 1) always does.
final class ConfirmStepViewController: ViewController {
    @Outlet var summaryLabel: Label?
    @Outlet var confirmField: TextField?
    @Outlet var problemLabel: Label?

    /// What steps 1 and 2 collected.
    var draft = Account(name: "", email: "")

    /// The confirmed account, read by the presenter's unwind action; `nil` until the
    /// confirmation matches.
    var account: Account? {
        let typed = confirmField?.text.trimmingWhitespaceAndNewlines() ?? ""
        guard !draft.email.isEmpty, typed == draft.email.trimmingWhitespaceAndNewlines() else { return nil }
        return Account(name: draft.name.trimmingWhitespaceAndNewlines(), email: typed)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let name = draft.name.isEmpty ? "(no name)" : draft.name
        let email = draft.email.isEmpty ? "(no email)" : draft.email
        summaryLabel?.text = "\(name), \(email)"
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool {
        guard identifier == "Done" else { return true }
        if account == nil {
            problemLabel?.text = draft.email.isEmpty
                ? "Go back and enter an email address first."
                : "The two email addresses don't match."
            return false
        }
        problemLabel?.text = ""
        return true
    }
}
