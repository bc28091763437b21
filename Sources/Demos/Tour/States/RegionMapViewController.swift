import Flow

/// A reusable map controller, embedded wherever a map is wanted: draws a coarse grid and
/// fills the highlighted region with `#`.
final class RegionMapViewController: ViewController {
    @Outlet var mapRows: StackView?
    @Outlet var legendLabel: Label?

    static let mapWidth = 24
    static let mapHeight = 8

    /// The region to highlight; the embedding scene sets it in `prepare(for:sender:)`.
    var highlightedRegion: HighlightRegion?
    /// The region's name as it was when the view loaded: proof of the embed's timing.
    private(set) var regionNameAtLoad: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        regionNameAtLoad = highlightedRegion?.regionName
        var map = TextMap(width: Self.mapWidth, height: Self.mapHeight)
        for cell in highlightedRegion?.cells ?? [] { map.mark("#", x: cell.x, y: cell.y) }
        TextMap.show(map.framedRows, in: mapRows)
        legendLabel?.text = highlightedRegion.map { "# is \($0.regionName)." } ?? "No region highlighted."
    }
}
