import Flow
import Testing
import TestSupport
@testable import TUI

/// A table whose cells the test makes and changes itself, as app code would.
final class HandMadeTable: TableViewController {
    var cells: [TableViewCell] = []
    override func numberOfSections(in tableView: TableView) -> Int { 1 }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { cells.count }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cells[indexPath.row]
    }

    /// A screen titled "Rows" in a navigation controller, showing `cells`, on a pilot of `size`.
    static func launch(_ cells: [TableViewCell], size: Size) throws -> (PilotFixture, HandMadeTable) {
        let registry = ClassRegistry()
        registry.register(HandMadeTable.self, as: "HandMade")
        let fixture = PilotFixture(
            [Scene.navigation("N", root: "T"), Scene.table("T", title: "Rows", customClass: "HandMade", prototypes: ["Row"])],
            initial: "N", registry: registry, size: size)
        let table = try #require(fixture.application.topViewController as? HandMadeTable)
        table.cells = cells
        table.tableView?.reloadData()
        fixture.pilot.press(.resize)
        return (fixture, table)
    }
}

/// Rows a key does not change are copied from the cells kept from the last frame
/// (`TableCellDrawing.drawKeeping`); nothing code changes may show late.
@Suite struct KeptRowsTests {
    /// A custom cell of three labels, as Daily Buzz's rows are.
    static func customCell(_ index: Int) -> TableViewCell {
        let cell = TableViewCell(style: .custom, reuseIdentifier: nil)
        cell.accessoryType = .disclosureIndicator
        for (column, text) in ["Coffee \(index)", "\(190 + index) °F", "Nov \(index)"].enumerated() {
            cell.contentView.addSubview(Label(id: "c\(index).\(column)", text: text))
        }
        return cell
    }

    static func subtitleCell(_ index: Int) -> TableViewCell {
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = "Title \(index)"
        cell.detailTextLabel?.text = "Detail \(index)"
        return cell
    }

    func fixture(_ cells: [TableViewCell]) throws -> (PilotFixture, HandMadeTable) {
        try HandMadeTable.launch(cells, size: Size(width: 70, height: 20))
    }

    /// The style of the first cell showing `text` on the pilot's screen.
    func style(of text: String, on pilot: Pilot) -> Style? {
        guard let frame = pilot.terminal.lastFrame else { return nil }
        for (y, line) in frame.lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            return frame[DisplayWidth.of(String(line[..<range.lowerBound])), y]?.style
        }
        return nil
    }

    @Test func aLabelChangedByCodeShowsInTheNextFrame() throws {
        let cells = (0..<8).map(Self.customCell)
        let (fixture, _) = try fixture(cells)
        let pilot = fixture.pilot
        #expect(pilot.shows("Coffee 5"))
        pilot.press(.down)  // every row is now kept
        let label = try #require(cells[5].contentView.subviews[0] as? Label)

        label.text = "Decaf"
        pilot.press(.down)
        #expect(pilot.shows("Decaf"))
        #expect(!pilot.shows("Coffee 5"))

        label.textColor = RGBColor(red: 1, green: 0, blue: 0)
        pilot.press(.down)
        #expect(style(of: "Decaf", on: pilot)?.foreground == .rgb(255, 0, 0))

        label.isBold = true
        pilot.press(.down)
        #expect(style(of: "Decaf", on: pilot)?.attributes.contains(.bold) == true)

        label.isHidden = true
        pilot.press(.down)
        #expect(!pilot.shows("Decaf"))
        label.isHidden = false
        pilot.press(.down)
        #expect(pilot.shows("Decaf"))

        let third = try #require(cells[6].contentView.subviews[2] as? Label)
        third.removeFromSuperview()
        pilot.press(.down)
        #expect(!pilot.shows("Nov 6"))
        cells[6].contentView.addSubview(Label(id: "new", text: "Added later"))
        pilot.press(.down)
        #expect(pilot.shows("Added later"))

        let stack = StackView(id: "stack", axis: .horizontal)
        let inner = Label(id: "inner", text: "Inside a stack")
        stack.addSubview(inner)
        cells[3].contentView.addSubview(stack)
        pilot.press(.down)
        #expect(pilot.shows("Inside a stack"))
        inner.text = "Changed inside"
        pilot.press(.down)
        #expect(pilot.shows("Changed inside"))

        let image = ImageView(id: "image", image: Image(systemName: "star"))
        cells[2].contentView.addSubview(image)
        pilot.press(.down)
        let withStar = pilot.screen
        image.image = Image(named: "Beans")
        pilot.press(.down)
        #expect(pilot.shows("Beans"))
        #expect(pilot.screen != withStar)

        cells[1].accessoryType = .checkmark
        pilot.press(.down)
        #expect(pilot.shows("✓"))
        cells[4].swatch = RGBColor(red: 0, green: 0, blue: 1)
        pilot.press(.down)
        #expect(pilot.terminal.lastFrame?.lines.contains { $0.contains("   Coffee 4") } == true)
        #expect(pilot.terminal.lastFrame?.invariantViolations() == [])
    }

    @Test func theTextAndDetailOfAStandardCellShowWhenChanged() throws {
        let cells = (0..<6).map(Self.subtitleCell)
        let (fixture, _) = try fixture(cells)
        let pilot = fixture.pilot
        pilot.press(.down)
        cells[4].textLabel?.text = "Renamed"
        cells[3].detailTextLabel?.text = "New detail"
        pilot.press(.down)
        #expect(pilot.shows("Renamed"))
        #expect(pilot.shows("New detail"))
        cells[2].textLabel = Label(id: "replacement", text: "Replaced")
        pilot.press(.down)
        #expect(pilot.shows("Replaced"))
        cells[5].style = .basic
        pilot.press(.down)
        #expect(!pilot.shows("Detail 5"))
    }

    @Test func aRowWithAControlIsDrawnAfreshEveryFrame() throws {
        let cells = (0..<5).map(Self.customCell)
        let toggle = Switch(id: "switch", isOn: false)
        cells[3].contentView.addSubview(toggle)
        let (fixture, _) = try fixture(cells)
        let pilot = fixture.pilot
        pilot.press(.down)
        let before = pilot.screen
        toggle.isOn = true
        pilot.press(.down, .up)
        #expect(pilot.screen != before)
        #expect((cells[3].keptDrawing as? KeptCellDrawing)?.unkeepableRevision == cells[3].revision)
    }

    /// Copying a kept line gives the cells drawing it would, wherever it lands: over wide
    /// characters cut at its edges, at either edge of the screen, in any style beneath.
    @Test func aKeptLineIsWhatDrawingItGives() throws {
        let cells = [Self.customCell(1), Self.subtitleCell(2)]
        let wide = CellBuffer(lines: ["漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"])
        let (fixture, _) = try fixture([])
        let controller = try #require(fixture.application.topViewController)
        let context = DrawContext(
            state: ShellState(), controller: controller, isTop: true, focused: nil, keys: KeyContext())
        for cell in cells {
            for line in CellLines.lines(of: cell, rowWidth: 40) {
                for (x, width) in [(0, 40), (1, 38), (3, 37), (5, 35), (0, 40), (1, 39)] {
                    for base in [Style.plain, Style(background: .blue), Theme.selection] {
                        var initial = Frame(size: Size(width: 40, height: 2))
                        initial.buffer.draw(wide, at: Point(x: 0, y: 0))
                        var drawn = initial
                        var kept = initial
                        let rect = Rect(x: x, y: 0, width: width, height: 1)
                        let below = context.with(base: base)
                        TableCellDrawing.draw(cell, line: line, in: rect, into: &drawn, selected: false, focused: true, context: below)
                        // Twice: the first keeps the line, the second copies it.
                        TableCellDrawing.drawKeeping(cell, line: line, in: rect, into: &kept, selected: false, focused: true, context: below)
                        #expect(kept.buffer == drawn.buffer, "\(cell.style) line \(line) at \(x) width \(width)")
                        kept = initial
                        TableCellDrawing.drawKeeping(cell, line: line, in: rect, into: &kept, selected: false, focused: true, context: below)
                        #expect(kept.buffer == drawn.buffer, "\(cell.style) line \(line) at \(x) width \(width), kept")
                        #expect(kept.buffer.invariantViolations() == [])
                    }
                }
            }
        }
    }

    /// Every stored property of the kinds whose rows are kept is either drawn, and then
    /// moves `revision` when it changes, or known not to be. A property added to one of these
    /// classes fails here until it is sorted: a drawn property that does not move `revision`
    /// would leave a kept row showing what it was.
    @Test func everyDrawnPropertyOfAKeptKindMovesTheRevision() {
        func properties(_ value: Any) -> Set<String> {
            var names: Set<String> = []
            var mirror: Mirror? = Mirror(reflecting: value)
            while let current = mirror {
                for child in current.children { if let label = child.label { names.insert(label) } }
                mirror = current.superclassMirror
            }
            return names
        }
        // Drawn: each moves `revision` (View.swift, TableView.swift). Not drawn: identity,
        // the tree's links, the storyboard spec (never changes), and the shell's own slot.
        let view: Set = [
            "id", "spec", "isHidden", "backgroundColor", "subviews", "superview", "keyEquivalent",
            "changedAccessibility", "revision", "owner",
        ]
        #expect(properties(View(id: "v")) == view)
        #expect(properties(Label(id: "l", text: "")) == view.union(["text", "alignment", "isBold", "textColor"]))
        #expect(properties(ImageView(id: "i", image: nil)) == view.union(["image"]))
        #expect(properties(StackView(id: "s", axis: .vertical)) == view.union(["axis"]))
        #expect(properties(ScrollView(id: "s")) == view)
        #expect(
            properties(TableViewCell(style: .custom, reuseIdentifier: nil))
                == view.union([
                    "style", "reuseIdentifier", "accessoryType", "textLabel", "detailTextLabel", "contentView", "swatch",
                    "isSelectable", "cellSpecID", "indexPath", "tableView", "isReusable", "keptDrawing",
                ]))
    }
}
