import Flow

/// A state's detail: its name and GDP, and a map controller embedded through a container
/// view. The embed segue runs while this view loads, so `prepare(for:sender:)` hands the map
/// its highlight region before the map's own view loads.
final class StateDetailViewController: ViewController {
    @Outlet var nameLabel: Label?
    @Outlet var gdpLabel: Label?

    /// Set by the list's `prepare(for:sender:)`.
    var state: StateInfo?
    /// The embedded map, once the embed segue has run.
    private(set) weak var map: RegionMapViewController?

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        guard segue.identifier == "EmbedMap", let map = segue.destination as? RegionMapViewController else { return }
        map.highlightedRegion = state
        self.map = map
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let state else { return }
        navigationItem.title = state.name
        nameLabel?.text = state.name
        gdpLabel?.text = "GDP: " + state.gdpText
    }
}
