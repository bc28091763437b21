/// The player's hero, shared by the game and map tabs.
final class Hero {
    static let maximumLife = 3
    /// Hit points left; at zero the game is over.
    private(set) var life = Hero.maximumLife
    /// Where the hero stands on ``DungeonMap/layout``.
    let x = 2
    let y = 1

    /// Takes one hit; returns whether the hero just ran out of life.
    func takeHit() -> Bool {
        guard life > 0 else { return false }
        life -= 1
        return life == 0
    }

    /// Back to full life, for a new game.
    func restore() {
        life = Hero.maximumLife
    }
}
