/// A rectangle of cells: an origin (top-left) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: Point
    /// Columns and rows covered.
    public var size: Size

    /// Creates a rectangle from its top-left cell and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates; negative sizes are read as zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The leftmost column.
    public var x: Int { origin.x }
    /// The top row.
    public var y: Int { origin.y }
    /// Number of columns.
    public var width: Int { size.width }
    /// Number of rows.
    public var height: Int { size.height }
    /// One past the rightmost column.
    public var maxX: Int { origin.x &+ size.width }
    /// One past the bottom row.
    public var maxY: Int { origin.y &+ size.height }
    /// Whether the rectangle covers no cell.
    public var isEmpty: Bool { size.isEmpty }

    /// Whether `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The cells in both rectangles; empty (at this origin) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else {
            return Rect(origin: Point(x: left, y: top), size: .zero)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle shrunk by the given margins; never smaller than empty.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(
            x: x &+ left, y: y &+ top,
            width: width - left - right, height: height - top - bottom
        )
    }

    /// This rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// `(x, y) widthxheight`.
    public var description: String { "\(origin) \(size)" }
}
