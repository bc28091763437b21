/// What a brand-new store starts with, so both demos show something on first launch.
public enum SampleData {
    /// Coffees for Daily Buzz: name and origin.
    public static let coffees: [(name: String, origin: String?)] = [
        ("House Blend", nil),
        ("Sumatra Mandheling", "Indonesia"),
        ("Kenya AA", "Kenya"),
        ("Ethiopian Yirgacheffe", "Ethiopia"),
        ("Colombia Supremo", "Colombia"),
        ("Guatemala Antigua", "Guatemala"),
    ]

    /// A week of cups: index into `coffees`, water temperature in °F, and hours before first launch.
    public static let sessions: [(coffee: Int, temperatureF: Int, hoursAgo: Double)] = [
        (0, 200, 2),
        (3, 203, 26),
        (2, 205, 50),
        (1, 198, 74),
        (4, 202, 122),
        (0, 201, 170),
    ]

    /// Colorboard's palette: the book's first two static cells, its default colour, and a dark one.
    public static let colors: [(name: String, red: Double, green: Double, blue: Double)] = [
        ("Red", 1, 0, 0),
        ("Green", 0, 1, 0),
        ("Blue", 0, 0, 1),
        ("Midnight", 0.1, 0.1, 0.44),
    ]
}
