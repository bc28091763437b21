@testable import Flow
import Testing

class ThreeLabelCell: TableViewCell {
    @Outlet var nameLabel: Label?
    @Outlet var temperatureLabel: Label?
    var note = "not an outlet"
    @Outlet var dateLabel: Label?
}

/// A subclass whose superclass has outlets of its own, declared after a plain property.
final class ThreeLabelCellWithBadge: ThreeLabelCell {
    let tag = 7
    @Outlet var badge: Label?
}

/// Something with an outlet that a cell makes in its initializer, but only every other time.
final class Helper {
    @Outlet var target: Label?
}

final class SometimesHelpedCell: TableViewCell {
    nonisolated(unsafe) static var made = 0
    @Outlet var nameLabel: Label?
    var helper: Helper?

    required init(cellSpec spec: CellSpec, contentView: View) {
        Self.made += 1
        if Self.made % 2 == 0 { helper = Helper() }
        super.init(cellSpec: spec, contentView: contentView)
    }

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
}

/// The outlets of cells after the first of a class are connected from where the first's
/// were found (`OutletLayouts`), without reflection; each must still point into its own cell.
@Suite struct OutletLayoutTests {
    static func prototype(_ customClass: String, outlets: [String]) -> CellSpec {
        var spec = CellSpec(
            id: "proto." + customClass, style: .custom, reuseIdentifier: customClass, customClass: customClass,
            contentView: ViewSpec(
                id: customClass + ".content", kind: .view,
                subviews: outlets.map { ViewSpec(id: customClass + "." + $0, kind: .label(text: $0, alignment: .natural, isBold: false)) }))
        // One connection on the cell, the others on its content view, as Xcode writes both.
        spec.outlets = outlets.prefix(1).map { OutletSpec(property: $0, destinationID: customClass + "." + $0) }
        spec.contentView.outlets = outlets.dropFirst().map { OutletSpec(property: $0, destinationID: customClass + "." + $0) }
        return spec
    }

    func registry() -> ClassRegistry {
        let registry = ClassRegistry()
        registry.register(cell: ThreeLabelCell.self, as: "Three")
        registry.register(cell: ThreeLabelCellWithBadge.self, as: "Badge")
        registry.register(cell: SometimesHelpedCell.self, as: "Sometimes")
        return registry
    }

    @Test func everyCellOfAClassGetsItsOwnViews() throws {
        let layouts = OutletLayouts()
        let spec = Self.prototype("Three", outlets: ["nameLabel", "temperatureLabel", "dateLabel", "missingLabel"])
        for _ in 0..<5 {
            let cell = try #require(ViewBuilder.makeCell(spec, owner: nil, registry: registry(), outletLayouts: layouts) as? ThreeLabelCell)
            #expect(cell.nameLabel === cell.contentView.viewWithID("Three.nameLabel"))
            #expect(cell.temperatureLabel === cell.contentView.viewWithID("Three.temperatureLabel"))
            #expect(cell.dateLabel === cell.contentView.viewWithID("Three.dateLabel"))
            #expect(cell.note == "not an outlet")
        }
    }

    @Test func outletsOfASuperclassAreConnectedToo() throws {
        let layouts = OutletLayouts()
        let spec = Self.prototype("Badge", outlets: ["badge", "nameLabel", "dateLabel"])
        for _ in 0..<4 {
            let cell = try #require(ViewBuilder.makeCell(spec, owner: nil, registry: registry(), outletLayouts: layouts) as? ThreeLabelCellWithBadge)
            #expect(cell.badge === cell.contentView.viewWithID("Badge.badge"))
            #expect(cell.nameLabel === cell.contentView.viewWithID("Badge.nameLabel"))
            #expect(cell.dateLabel === cell.contentView.viewWithID("Badge.dateLabel"))
            #expect(cell.temperatureLabel == nil)
        }
    }

    @Test func aCellThatMadeOtherOutletsIsConnectedByReflection() throws {
        let layouts = OutletLayouts()
        let spec = Self.prototype("Sometimes", outlets: ["nameLabel"])
        for _ in 0..<4 {
            let cell = try #require(ViewBuilder.makeCell(spec, owner: nil, registry: registry(), outletLayouts: layouts) as? SometimesHelpedCell)
            #expect(cell.nameLabel === cell.contentView.viewWithID("Sometimes.nameLabel"))
            #expect(cell.helper?.target == nil)
        }
    }

    @Test func theOutletsMadeAreCollectedPerThreadAndNested() {
        let (outer, made) = OutletsMade.collecting { () -> [OutletStorage] in
            let first = Helper()
            let (_, inner) = OutletsMade.collecting { Helper() }
            _ = first
            return inner
        }
        #expect(outer.count == 1)
        #expect(made.count == 1)
        #expect(outer[0] !== made[0])
    }
}
