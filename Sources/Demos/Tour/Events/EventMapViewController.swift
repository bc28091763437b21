import Flow

/// The map of an event's place: a small town drawn in text with `*` on the event.
final class EventMapViewController: ViewController {
    @Outlet var placeLabel: Label?
    @Outlet var mapRows: StackView?

    /// Set by the list's `prepare(for:sender:)`, before this view loads.
    var event: Event?

    static let mapWidth = 20
    static let mapHeight = 5

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let event else {
            placeLabel?.text = "No event chosen"
            return
        }
        title = event.name
        navigationItem.title = event.name
        placeLabel?.text = event.place
        TextMap.show(Self.map(marking: event).framedRows, in: mapRows)
    }

    /// The town with the event's place marked.
    static func map(marking event: Event) -> TextMap {
        var map = TextMap(width: mapWidth, height: mapHeight)
        // Two streets, so the map reads as a town.
        map.fill("=", x: 0, y: 1, width: mapWidth, height: 1)
        map.fill("|", x: 7, y: 0, width: 1, height: mapHeight)
        map.mark("*", x: event.mapX, y: event.mapY)
        return map
    }
}
