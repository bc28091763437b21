import Flow

/// A clickable region of a frame: what was drawn there and which part of it.
///
/// A click goes back to whatever drew the region (`target`), naming the part it landed on:
/// a table's row, a tab bar's third tab, a split view's column. What a click on a kind does
/// is thus written beside the kind's drawing, and the mouse code knows no kinds.
public struct Hit: Equatable {
    /// The cells the region covers.
    public var rect: Rect
    /// What drew the region, which a click there goes back to.
    let target: any HitTarget
    /// The part of the target the region shows.
    public var part: HitPart

    init(rect: Rect, target: any HitTarget, part: HitPart = .whole) {
        self.rect = rect
        self.target = target
        self.part = part
    }

    public static func == (lhs: Hit, rhs: Hit) -> Bool {
        lhs.rect == rhs.rect && lhs.target === rhs.target && lhs.part == rhs.part
    }
}

/// Which part of a drawn thing a clickable region shows.
public enum HitPart: Hashable, Sendable {
    /// The thing as a whole (a control, a bar button, the area of a table the wheel scrolls).
    case whole
    /// A table's row.
    case row(IndexPath)
    /// The detail button at the end of a table's row.
    case accessory(IndexPath)
    /// The n-th of a row of like things: a grid's item, a tab, an alert's button, a page dot,
    /// a segment, a split view's column (in the order of its `Column` cases).
    case index(Int)
    /// A navigation bar's back button.
    case back
    /// A place along a track of `length` cells, from 0: a slider's.
    case position(Int, of: Int)
}

/// Something a click can land on: a view kind (through its presentation), a container, a bar
/// button item, an alert.
///
/// The renderer that draws it adds its regions with `Frame.addHit(_:_:part:)`; the shell
/// hands a click and the wheel back here, against the frame the user saw.
protocol HitTarget: AnyObject {
    /// What a click on `part` does.
    func click(_ part: HitPart, input: inout InputContext)
    /// What the wheel does over `part`, `lines` down (up when negative).
    func wheel(_ lines: Int, over part: HitPart, input: inout InputContext)
    /// What a drag that started with a click on this target does when the pointer is over
    /// `part` (or `part` is the nearest to it).
    func drag(to part: HitPart, input: inout InputContext)
}

extension HitTarget {
    func wheel(_ lines: Int, over part: HitPart, input: inout InputContext) {}
    func drag(to part: HitPart, input: inout InputContext) {}
}
