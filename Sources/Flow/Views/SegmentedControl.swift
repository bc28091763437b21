/// A row of mutually exclusive segments.
public final class SegmentedControl: Control {
    public var segments: [String]
    public var selectedSegmentIndex: Int
    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "segment \(selectedSegmentIndex)" }

    public init(id: String, spec: ViewSpec? = nil, segments: [String], selectedIndex: Int) {
        self.segments = segments
        self.selectedSegmentIndex = segments.indices.contains(selectedIndex) ? selectedIndex : (segments.isEmpty ? -1 : 0)
        super.init(id: id, spec: spec)
    }
    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Selects a segment as a tap would.
    public func select(_ index: Int) {
        guard segments.indices.contains(index), index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }
}
