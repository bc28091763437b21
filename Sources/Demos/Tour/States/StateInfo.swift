/// A part of a map to highlight: the shape the map controller knows how to draw, as the
/// talk's map controller takes any object giving the points of a shape.
protocol HighlightRegion {
    var regionName: String { get }
    /// The cells of ``RegionMapViewController``'s grid the region covers.
    var cells: [(x: Int, y: Int)] { get }
}

/// A state of the master list, with its GDP and its place on the coarse map.
struct StateInfo: HighlightRegion, Sendable {
    var name: String
    /// Gross domestic product, in billions of dollars (2011).
    var gdpBillions: Int
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var regionName: String { name }

    var cells: [(x: Int, y: Int)] {
        guard width > 0, height > 0 else { return [] }
        return (y..<(y + height)).flatMap { row in (x..<(x + width)).map { (x: $0, y: row) } }
    }

    /// The GDP as the list shows it, "$1,958 billion".
    var gdpText: String {
        var digits = String(gdpBillions)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return "$" + digits + grouped + " billion"
    }

    static let samples: [StateInfo] = [
        StateInfo(name: "California", gdpBillions: 1958, x: 0, y: 2, width: 3, height: 5),
        StateInfo(name: "Texas", gdpBillions: 1308, x: 8, y: 5, width: 5, height: 3),
        StateInfo(name: "New York", gdpBillions: 1157, x: 19, y: 1, width: 3, height: 2),
        StateInfo(name: "Florida", gdpBillions: 754, x: 18, y: 6, width: 3, height: 2),
        StateInfo(name: "Illinois", gdpBillions: 670, x: 14, y: 2, width: 2, height: 3),
        StateInfo(name: "Washington", gdpBillions: 355, x: 0, y: 0, width: 4, height: 2),
    ]
}
