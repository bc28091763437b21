/// A width in columns and a height in rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values are read as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No columns and no rows.
    public static let zero = Size(width: 0, height: 0)

    /// Whether the size holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Number of cells, `width × height`.
    public var area: Int { width * height }

    /// `80x24`.
    public var description: String { "\(width)x\(height)" }
}
