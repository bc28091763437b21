import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// The interactive `storyboard diff`: the list of changed scenes, a scene before and after
/// as the renderers draw it with what changed marked, the graph, and leaving with `q`.
@Suite struct DiffScreenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FlowTests/Fixtures/Diff")

    /// The screen for the fixture pair `name` (a bundled storyboard and an edited copy).
    static func screen(_ name: String) throws -> DiffScreen {
        let old = try StoryboardDiff.Version(
            data: Data(contentsOf: fixtures.appendingPathComponent(name + ".old.storyboard")), fileName: name + ".old.storyboard")
        let new = try StoryboardDiff.Version(
            data: Data(contentsOf: fixtures.appendingPathComponent(name + ".new.storyboard")), fileName: name + ".new.storyboard")
        let storyboard = name + ".storyboard"
        let changes = StoryboardDiff.changes(from: old, to: new, storyboard: storyboard)
        return DiffScreen(changes: changes, versions: [storyboard: DiffScreen.Versions(before: old, after: new)])
    }

    @Test func enterShowsTheSceneBeforeAndAfterTabTheGraphAndQLeaves() throws {
        let screen = try Self.screen("SegueTour")
        let terminal = MemoryTerminal(size: Size(width: 100, height: 30))
        terminal.enqueue(.enter, .tab, .char("q"), .enter)
        screen.run(on: terminal)
        // Three frames, one per key before q; the Enter after q was never read.
        #expect(terminal.frames.count == 3)
        #expect(terminal.pendingKeys == [.enter])
        let list = terminal.frames[0].text
        #expect(list.contains("Changed scenes (1)"))
        #expect(list.contains("~ AccountViewController \"Account\" [Tur-Ac-001]  3 changes  SegueTour.storyboard"))

        let scene = terminal.frames[1]
        let lines = scene.lines
        #expect(lines[1].contains("Before") && lines[1].contains("After"))
        // Each side drawn as run draws the scene: the button's old title left, new title right.
        let buttonRow = try #require(lines.firstIndex { $0.contains("[ Create Account ]") })
        let separator = try #require(Array(lines[buttonRow]).firstIndex(of: "│"))
        let row = Array(lines[buttonRow])
        #expect(String(row[..<separator]).contains("[ Create Account ]"))
        #expect(String(row[separator...]).contains("[ Sign up ]"))
        // The texts that changed are marked: the old red, the new green.
        let oldColumn = try #require(String(row).range(of: "Create Account")).lowerBound.utf16Offset(in: String(row))
        let newColumn = try #require(String(row).range(of: "Sign up")).lowerBound.utf16Offset(in: String(row))
        #expect(scene[oldColumn, buttonRow]?.style.foreground == .red)
        #expect(scene[newColumn, buttonRow]?.style.foreground == .green)
        #expect(scene.text.contains("~ button \"Sign up\" [Tur-Bt-201] title: \"Create Account\" → \"Sign up\""))
        #expect(scene.text.contains("- outlet statusLabel → label \"No account yet.\" [Tur-Lb-202]"))

        let graph = terminal.frames[2].text
        #expect(graph.contains("Graph: added segues +, removed -"))
        #expect(graph.contains("push \"ShowAccount\" → AccountViewController \"Account\" [Tur-Ac-001]"))
    }

    /// A row added is marked in the after picture and a row removed in the before picture,
    /// as a changed text's new and old values are.
    @Test func rowsAddedAndRemovedAreMarkedInThePictures() throws {
        func version(_ labels: [String]) throws -> StoryboardDiff.Version {
            let cells = labels.map { label in
                "<tableViewCell id=\"c\(label)\"><tableViewCellContentView key=\"contentView\" id=\"v\(label)\"><subviews>"
                    + "<label text=\"\(label)\" id=\"l\(label)\"/></subviews></tableViewCellContentView></tableViewCell>"
            }.joined()
            let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" initialViewController=\"a\"><scenes>"
                + "<scene sceneID=\"s\"><objects><tableViewController title=\"Menu\" id=\"a\" sceneMemberID=\"viewController\">"
                + "<tableView key=\"view\" dataMode=\"static\" style=\"plain\" id=\"t\"><sections><tableViewSection id=\"sec\"><cells>"
                + cells + "</cells></tableViewSection></sections></tableView></tableViewController></objects></scene></scenes></document>"
            return try StoryboardDiff.Version(data: Data(text.utf8), fileName: "Main.storyboard")
        }
        let old = try version(["Inbox", "Drafts"])
        let new = try version(["Inbox", "Tags"])
        let changes = StoryboardDiff.changes(from: old, to: new, storyboard: "Main.storyboard")
        let screen = DiffScreen(changes: changes, versions: ["Main.storyboard": DiffScreen.Versions(before: old, after: new)])
        let scene = try #require(screen.scenes.first)
        let (before, after) = screen.pictures(of: scene, size: Size(width: 40, height: 12))
        func style(of text: String, in buffer: CellBuffer) throws -> Style? {
            let row = try #require(buffer.lines.firstIndex { $0.contains(text) }, "\(text) not in \(buffer.lines)")
            let column = try #require(buffer.lines[row].range(of: text)).lowerBound.utf16Offset(in: buffer.lines[row])
            return buffer[column, row]?.style
        }
        #expect(try style(of: "Tags", in: after)?.foreground == .green)
        #expect(try style(of: "Drafts", in: before)?.foreground == .red)
        // The row that stayed is not marked.
        #expect(try style(of: "Inbox", in: after)?.foreground != .green)
        #expect(try style(of: "Inbox", in: before)?.foreground != .red)
    }

    @Test func addedAndRemovedSeguesAreMarkedInTheGraph() throws {
        func version(_ segue: String) throws -> StoryboardDiff.Version {
            let scenes = ["a", "b", "c"].map { id in
                "<scene sceneID=\"s\(id)\"><objects><viewController title=\"\(id.uppercased())\" id=\"\(id)\" sceneMemberID=\"viewController\">"
                    + (id == "a" ? "<connections>\(segue)</connections>" : "") + "</viewController></objects></scene>"
            }
            let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" initialViewController=\"a\"><scenes>"
                + scenes.joined() + "</scenes></document>"
            return try StoryboardDiff.Version(data: Data(text.utf8), fileName: "Main.storyboard")
        }
        let old = try version("<segue destination=\"b\" kind=\"show\" id=\"g1\"/>")
        let new = try version("<segue destination=\"c\" kind=\"presentation\" id=\"g2\"/>")
        let changes = StoryboardDiff.changes(from: old, to: new, storyboard: "Main.storyboard")
        let screen = DiffScreen(changes: changes, versions: ["Main.storyboard": DiffScreen.Versions(before: old, after: new)])
        screen.handle(.tab)
        #expect(screen.mode == .graph)
        let buffer = screen.render(size: Size(width: 80, height: 20))
        let lines = buffer.lines
        let added = try #require(lines.firstIndex { $0.contains("+ presentation → ViewController \"C\" [c]") })
        let removed = try #require(lines.firstIndex { $0.contains("- show → ViewController \"B\" [b]") })
        // Both under scene A, whose line comes first.
        let sceneA = try #require(lines.firstIndex { $0.contains("ViewController \"A\" [a]") })
        #expect(sceneA < added && sceneA < removed)
        #expect(buffer[7, added]?.style.foreground == .green)
        #expect(buffer[7, removed]?.style.foreground == .red)
        screen.handle(.tab)
        #expect(screen.mode == .list)
        #expect(screen.handle(.escape) == false)
    }

    @Test func theBeforeAndAfterScreenSnapshot() throws {
        let screen = try Self.screen("SegueTour")
        screen.handle(.enter)
        #expect(screen.mode == .scene)
        assertSnapshot(screen.render(size: Size(width: 100, height: 30)).text, named: "diff-before-after")
    }
}
