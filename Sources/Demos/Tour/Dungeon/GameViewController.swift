import Flow

/// The game tab, written entirely in code as the talk's game was: it has no scene.
///
/// A manual segue belongs to a scene, so `GameOver` hangs on the storyboard-made tab bar
/// controller that owns this tab, and the game fires it through `tabBarController`, as the
/// talk's manual segue is fired by `performSegue(withIdentifier:)` from custom logic. Keeping
/// the game in code (rather than giving it a placeholder scene) keeps the talk's point: a
/// storyboard works beside controllers it knows nothing about.
final class GameViewController: ViewController {
    var hero: Hero?
    private var lifeLabel: Label?

    required init() {
        super.init()
        title = "Dungeon Plunder"
        // A code-made bar button can't own storyboard segues, so Close asks the tab bar to
        // perform its manual unwind segue.
        navigationItem.leftBarButtonItem = BarButtonItem(id: "game.close", title: "Close") { [weak self] in
            self?.tabBarController?.performSegue(withIdentifier: "CloseDungeon", sender: nil)
        }
    }

    override func loadView() {
        let root = StackView(id: "game.view", axis: .vertical)
        let life = Label(id: "game.life", text: "")
        lifeLabel = life
        root.addSubview(life)
        root.addSubview(Label(id: "game.scene", text: "A monster blocks the corridor."))
        root.addSubview(Label(id: "game.help", text: "Press - to take a hit, e to lose the server."))
        view = root
        refresh()
    }

    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(input: "-", title: "Take a hit") { [weak self] in self?.takeHit() },
            KeyCommand(input: "e", title: "Server error") { [weak self] in self?.showServerError() },
        ]
    }

    /// Shows the hero's life.
    func refresh() {
        let life = hero?.life ?? 0
        let hearts = String(repeating: "*", count: life) + String(repeating: "-", count: Hero.maximumLife - life)
        lifeLabel?.text = "Life: [\(hearts)] \(life) of \(Hero.maximumLife)"
    }

    /// Lowers the hero's life; at zero, fires the tab bar's manual `GameOver` segue.
    func takeHit() {
        guard let hero else { return }
        let died = hero.takeHit()
        refresh()
        if died {
            tabBarController?.performSegue(withIdentifier: "GameOver", sender: self)
        }
    }

    /// Jumps to the error scene with no segue: instantiated by its storyboard identifier and
    /// presented, as any line of code talking to a server could.
    func showServerError() {
        guard let storyboard = tabBarController?.storyboard else { return }
        do {
            present(try storyboard.instantiateViewController(withIdentifier: "ServerError"))
        } catch {
            application?.warn(error.description)
        }
    }
}
