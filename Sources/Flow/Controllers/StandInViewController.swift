/// The scene shown where a storyboard leads to something that is not there: a reference to
/// a storyboard missing from the folder, to an identifier its storyboard lacks, or to a
/// storyboard that cannot be loaded.
///
/// On iOS the app would stop when that segue fires; here the flow goes on, to a screen of
/// plain labels that says what is missing and where it was expected, so the rest of the app
/// can still be seen. It is pushed or presented as the real scene would have been, so Esc
/// goes back from it as from any other.
public final class StandInViewController: ViewController {
    /// What is missing and where it was expected.
    public struct MissingPiece: Sendable, Equatable {
        /// One line saying what is missing: `Settings.storyboard is not in this folder`.
        public var headline: String
        /// Lines saying where it was expected and what was looked at.
        public var details: [String]

        /// `headline`, then `details` line by line.
        public init(headline: String, details: [String] = []) {
            self.headline = headline
            self.details = details
        }
    }

    /// What this scene stands in for.
    public private(set) var missing = MissingPiece(headline: "")
    private var hint: Label?

    public required init() { super.init() }

    /// A stand-in titled `title` for `missing`.
    public convenience init(title: String, missing: MissingPiece) {
        self.init()
        self.title = title
        self.missing = missing
    }

    public override func loadView() {
        let root = StackView(id: "stand-in", axis: .vertical)
        root.addSubview(Label(id: "stand-in.headline", text: missing.headline, isBold: true))
        for (index, line) in missing.details.enumerated() {
            root.addSubview(Label(id: "stand-in.detail.\(index)", text: line))
        }
        let hint = Label(id: "stand-in.hint", text: "")
        self.hint = hint
        root.addSubview(hint)
        view = root
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // Said only where it is true: a tab or the first screen has nothing to go back to.
        let pushed = (navigationController?.viewControllers.count ?? 0) > 1 && navigationController?.viewControllers.first !== self
        let presented = rootAncestor.presentingViewController != nil
        hint?.text = pushed || presented ? "Esc goes back." : ""
    }
}
