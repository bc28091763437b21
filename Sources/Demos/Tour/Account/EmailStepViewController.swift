import Flow

/// Step 2, the email address.
final class EmailStepViewController: ViewController {
    @Outlet var emailField: TextField?
    /// The name from step 1.
    var name = ""

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        if segue.identifier == "ShowConfirmStep", let confirm = segue.destination as? ConfirmStepViewController {
            confirm.draft = Account(name: name, email: emailField?.text ?? "")
        }
    }
}
