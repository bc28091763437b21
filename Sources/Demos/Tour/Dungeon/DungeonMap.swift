/// The dungeon's floor plan, shared by the map tab and the inventory's "found here" map.
enum DungeonMap {
    /// Walls are `#`, floor is `.`.
    static let layout = [
        "####################",
        "#......#...........#",
        "#......#....###....#",
        "#..........#.......#",
        "####.#######.......#",
        "#...........#......#",
        "####################",
    ]

    /// The plan with the hero (`@`) and, if given, a found item's place (`*`).
    static func rows(hero: Hero?, marker: (x: Int, y: Int)?) -> [String] {
        var map = TextMap(rows: layout)
        if let marker { map.mark("*", x: marker.x, y: marker.y) }
        if let hero { map.mark("@", x: hero.x, y: hero.y) }
        return map.framedRows
    }
}
