import Flow

/// The Dungeon: a tab bar made in the storyboard whose tabs come from three places, as in
/// the talk: the game tab is built in code, the map tab is a storyboard scene, and the
/// inventory tab is the initial scene of a second storyboard file, `Inventory.storyboard`.
///
/// The tab bar also owns the manual `GameOver` segue and the manual `CloseDungeon` unwind
/// segue: the game controller is made in code, so it has no scene to hang segues on (see
/// ``GameViewController``).
final class DungeonTabBarController: TabBarController {
    let hero = Hero()
    /// The game tab's controller, made in `viewDidLoad`.
    private(set) weak var game: GameViewController?

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("playAgain:", DungeonTabBarController.playAgain)
        return table
    }

    /// Puts the code-made game tab first and the inventory storyboard's tab last, around the
    /// map tab the storyboard gave (tabs set while the view loads are shown with it).
    override func viewDidLoad() {
        super.viewDidLoad()
        let game = GameViewController()
        game.hero = hero
        let gameNavigation = NavigationController(rootViewController: game)
        gameNavigation.tabBarItem.title = "Game"
        application?.adopt(gameNavigation)
        application?.adopt(game)
        self.game = game

        for case let navigation as NavigationController in viewControllers {
            (navigation.topViewController as? DungeonMapViewController)?.hero = hero
        }
        var tabs: [ViewController] = [gameNavigation] + viewControllers
        if let inventory = loadInventory() { tabs.append(inventory) }
        setViewControllers(tabs)
    }

    /// The inventory's navigation controller, from the storyboard file beside this one.
    private func loadInventory() -> ViewController? {
        guard let application else { return nil }
        do {
            let inventory = try application.storyboard(named: "Inventory", relativeTo: storyboard?.url)
            guard let controller = inventory.instantiateInitialViewController() else {
                application.warn("Inventory.storyboard has no initial view controller")
                return nil
            }
            return controller
        } catch {
            application.warn("the inventory tab is missing: \(error)")
            return nil
        }
    }

    /// "Play Again" on the game-over scene unwinds here: a fresh hero, back on the game tab.
    func playAgain(_ segue: StoryboardSegue) {
        hero.restore()
        game?.refresh()
        if let index = viewControllers.firstIndex(where: { $0 === game?.navigationController }) {
            select(index)
        }
    }
}
