import Flow

/// `storyboard diff` on a terminal: the changed scenes in a list; Enter shows the scene
/// before and after side by side, drawn by the renderers as `run` draws it, with the texts
/// that changed marked and the scene's changes listed below; Tab shows the graph with added
/// and removed segues marked; `q` leaves.
///
/// `render(size:)` is a pure function of the screen's state, so tests draw it into a
/// ``MemoryTerminal`` as they draw the shell.
public final class DiffScreen {
    /// What the screen shows.
    public enum Mode: Equatable, Sendable {
        case list, scene, graph
    }

    /// One changed scene and its changes.
    public struct ChangedScene {
        public var storyboard: String
        public var scene: String
        public var name: String
        public var changes: [StoryboardChange]
    }

    /// Both versions of one storyboard.
    public struct Versions {
        public var before: StoryboardDiff.Version?
        public var after: StoryboardDiff.Version?
        public init(before: StoryboardDiff.Version?, after: StoryboardDiff.Version?) {
            self.before = before
            self.after = after
        }
    }

    public let scenes: [ChangedScene]
    /// Changes of whole storyboards (their initial scene), listed above the scenes.
    let storyboardChanges: [StoryboardChange]
    let versions: [String: Versions]
    let registry: ClassRegistry
    public private(set) var mode: Mode = .list
    public private(set) var selection = 0
    private var scroll = 0

    /// A screen for `changes` between the versions of each storyboard (by the name the
    /// changes give it); scenes are drawn with controllers of `registry`.
    public init(changes: [StoryboardChange], versions: [String: Versions], registry: ClassRegistry = ClassRegistry()) {
        var scenes: [ChangedScene] = []
        var storyboardChanges: [StoryboardChange] = []
        for change in changes {
            guard let scene = change.scene else {
                storyboardChanges.append(change)
                continue
            }
            if let last = scenes.indices.last, scenes[last].scene == scene, scenes[last].storyboard == change.storyboard {
                scenes[last].changes.append(change)
            } else {
                scenes.append(
                    ChangedScene(storyboard: change.storyboard, scene: scene, name: change.sceneName ?? scene, changes: [change]))
            }
        }
        self.scenes = scenes
        self.storyboardChanges = storyboardChanges
        self.versions = versions
        self.registry = registry
    }

    /// Handles a key; false when the screen is done.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        switch key {
        case .char("q"), .ctrl("c"), .ctrl("d"):
            return false
        case .escape:
            if mode == .list { return false }
            mode = .list
            scroll = 0
        case .tab, .backTab:
            mode = mode == .graph ? .list : .graph
            scroll = 0
        case .enter, .right:
            if mode == .list, !scenes.isEmpty { mode = .scene }
        case .left, .backspace:
            mode = .list
            scroll = 0
        case .up, .char("k"):
            if mode == .list { selection = max(0, selection - 1) } else { scroll = max(0, scroll - 1) }
        case .down, .char("j"):
            if mode == .list { selection = min(max(0, scenes.count - 1), selection + 1) } else { scroll += 1 }
        default:
            break
        }
        return true
    }

    /// Draws and reads keys on `terminal` until the user leaves.
    public func run(on terminal: Terminal) {
        while true {
            terminal.draw(render(size: terminal.size))
            guard let key = terminal.readKey() else { return }
            if case .signal = key { return }
            if !handle(key) { return }
        }
    }

    // MARK: Drawing

    static let added = Style(foreground: .green, attributes: [.bold])
    static let removed = Style(foreground: .red, attributes: [.bold])
    static let changed = Style(foreground: .yellow, attributes: [.bold])
    static let heading = Style(attributes: [.bold])

    /// The screen for the current state at `size`.
    public func render(size: Size) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        guard size.width >= 20, size.height >= 6 else {
            buffer.put("Too small", at: .zero, maxWidth: size.width)
            return buffer
        }
        switch mode {
        case .list: drawList(into: &buffer)
        case .scene: drawScene(into: &buffer)
        case .graph: drawGraph(into: &buffer)
        }
        let footer: String =
            switch mode {
            case .list: " ↑↓ scene  Enter before/after  Tab graph  q quit"
            case .scene: " ↑↓ scroll  Esc list  Tab graph  q quit"
            case .graph: " ↑↓ scroll  Tab list  q quit"
            }
        buffer.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1), style: Theme.footerText)
        buffer.put(footer, at: Point(x: 0, y: size.height - 1), style: Theme.footerKey, maxWidth: size.width)
        return buffer
    }

    private func drawList(into buffer: inout CellBuffer) {
        let width = buffer.width
        let count = scenes.count
        buffer.put("Changed scenes (\(count))", at: Point(x: 1, y: 0), style: Self.heading, maxWidth: width - 2)
        var row = 1
        for change in storyboardChanges where row < buffer.height - 2 {
            buffer.put(DiagnosticText.escaped(change.storyboard) + ": " + StoryboardDiff.line(change), at: Point(x: 1, y: row), style: Self.changed, maxWidth: width - 2)
            row += 1
        }
        if scenes.isEmpty {
            buffer.put("No meaningful changes.", at: Point(x: 1, y: row + 1), maxWidth: width - 2)
            return
        }
        let visible = max(1, buffer.height - 2 - row)
        let first = max(0, min(selection - visible + 1, count - visible))
        for index in first..<min(count, first + visible) {
            let scene = scenes[index]
            let mark = Self.mark(of: scene)
            let text = "\(mark.0) \(DiagnosticText.escaped(scene.name)) [\(DiagnosticText.escaped(scene.scene))]  \(scene.changes.count) change\(scene.changes.count == 1 ? "" : "s")  \(DiagnosticText.escaped(scene.storyboard))"
            let style = index == selection ? Theme.selection : mark.1
            if index == selection { buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: style) }
            buffer.put(text, at: Point(x: 1, y: row), style: style, maxWidth: width - 2)
            row += 1
        }
    }

    /// How a scene is marked in the list: added, removed, or changed.
    private static func mark(of scene: ChangedScene) -> (String, Style) {
        if let whole = scene.changes.first(where: { ($0.kind == .scene || $0.kind == .reference) && $0.id == scene.scene }) {
            if whole.change == .added { return ("+", added) }
            if whole.change == .removed { return ("-", removed) }
        }
        return ("~", changed)
    }

    private func drawScene(into buffer: inout CellBuffer) {
        guard scenes.indices.contains(selection) else { return }
        let scene = scenes[selection]
        let width = buffer.width
        buffer.put(DiagnosticText.escaped(scene.name) + " [" + DiagnosticText.escaped(scene.scene) + "]", at: Point(x: 1, y: 0), style: Self.heading, maxWidth: width - 2)
        let listRows = min(scene.changes.count, max(2, (buffer.height - 3) / 3))
        let pictureHeight = buffer.height - 3 - listRows
        let half = (width - 1) / 2
        let versions = versions[scene.storyboard]
        var before = picture(scene.scene, of: versions?.before, size: Size(width: half, height: pictureHeight), title: "Before")
        var after = picture(scene.scene, of: versions?.after, size: Size(width: width - half - 1, height: pictureHeight), title: "After")
        mark(scene, before: &before, after: &after)
        buffer.draw(before, at: Point(x: 0, y: 1))
        buffer.drawVerticalLine(from: Point(x: half, y: 1), length: pictureHeight, style: Theme.barSeparator)
        buffer.draw(after, at: Point(x: half + 1, y: 1))
        let top = 1 + pictureHeight
        buffer.drawHorizontalLine(from: Point(x: 0, y: top), length: width, style: Theme.barSeparator)
        let first = min(scroll, max(0, scene.changes.count - listRows))
        for (offset, change) in scene.changes.dropFirst(first).prefix(listRows).enumerated() {
            let style = change.change == .added ? Self.added : change.change == .removed ? Self.removed : Self.changed
            buffer.put(StoryboardDiff.line(change), at: Point(x: 1, y: top + 1 + offset), style: style, maxWidth: width - 2)
        }
    }

    /// A changed scene before and after, each of `size`, as the scene screen draws them
    /// (changed texts marked, and the texts of views and rows added or removed): what
    /// `--format markdown --screenshots` saves as pictures.
    public func pictures(of scene: ChangedScene, size: Size) -> (before: CellBuffer, after: CellBuffer) {
        let versions = versions[scene.storyboard]
        var before = picture(scene.scene, of: versions?.before, size: size, title: "Before")
        var after = picture(scene.scene, of: versions?.after, size: size, title: "After")
        mark(scene, before: &before, after: &after)
        return (before, after)
    }

    /// Marks what changed in a scene's two pictures: a changed text's old value in `before`
    /// and its new in `after`, and the texts of views and rows added (in `after`) or removed
    /// (in `before`).
    private func mark(_ scene: ChangedScene, before: inout CellBuffer, after: inout CellBuffer) {
        let versions = versions[scene.storyboard]
        for change in scene.changes {
            switch (change.kind, change.change) {
            case (.text, _):
                if let old = change.old { Self.highlight(old, in: &before, style: Self.removed) }
                if let new = change.new { Self.highlight(new, in: &after, style: Self.added) }
            case (.view, .added):
                // A row or a view added: its texts, as a changed text's new value is marked.
                for text in change.id.map({ versions?.after?.texts(inside: $0) ?? [] }) ?? [] {
                    Self.highlight(text, in: &after, style: Self.added)
                }
            case (.view, .removed):
                for text in change.id.map({ versions?.before?.texts(inside: $0) ?? [] }) ?? [] {
                    Self.highlight(text, in: &before, style: Self.removed)
                }
            default:
                break
            }
        }
    }

    /// One version of a scene as `run` draws it, under a title; a note when the version has
    /// no such scene.
    private func picture(_ scene: String, of version: StoryboardDiff.Version?, size: Size, title: String) -> CellBuffer {
        Self.picture(scene, of: version, size: size, title: title, registry: registry)
    }

    /// The scene whose controller has the id `scene` in one version of a storyboard, as
    /// `run` draws it, under a title; a note when the version has no such scene or cannot be
    /// drawn. The diff's before and after, and the merge tool's ours and theirs.
    static func picture(_ scene: String?, of version: StoryboardDiff.Version?, size: Size, title: String, registry: ClassRegistry) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        buffer.put(title, at: Point(x: 1, y: 0), style: heading, maxWidth: size.width - 1)
        let body = Size(width: size.width, height: max(1, size.height - 1))
        guard let document = version?.document, let scene else {
            let note = scene == nil ? "(outside every scene)" : version == nil ? "(no such storyboard)" : "(not drawn: the file has errors)"
            buffer.put(note, at: Point(x: 1, y: 2), style: Theme.detail, maxWidth: size.width - 2)
            return buffer
        }
        let application = Application(registry: registry)
        let storyboard = application.storyboard(document: document)
        guard let controller = storyboard.instantiateController(forScene: scene) else {
            buffer.put("(not in this version)", at: Point(x: 1, y: 2), style: Theme.detail, maxWidth: size.width - 2)
            return buffer
        }
        application.setRootViewController(controller)
        let frame = ScreenRenderer.render(controller, in: Rect(origin: .zero, size: body), size: body)
        buffer.draw(frame.buffer, at: Point(x: 0, y: 1))
        return buffer
    }

    /// Marks every place `text` is shown in `buffer` with `style`.
    static func highlight(_ text: String, in buffer: inout CellBuffer, style: Style) {
        let shown = DiagnosticText.escaped(text)
        guard !shown.isEmpty else { return }
        let pattern = Array(shown)
        for (row, line) in buffer.lines.enumerated() {
            // Columns are characters here: the texts marked are a scene's labels and titles.
            let characters = Array(line)
            var column = 0
            while column + pattern.count <= characters.count {
                if Array(characters[column..<column + pattern.count]) == pattern {
                    for x in column..<min(buffer.width, column + pattern.count) {
                        buffer.cells[row * buffer.width + x].style = style
                    }
                    column += pattern.count
                } else {
                    column += 1
                }
            }
        }
    }

    private func drawGraph(into buffer: inout CellBuffer) {
        let width = buffer.width
        buffer.put("Graph: added segues +, removed -", at: Point(x: 1, y: 0), style: Self.heading, maxWidth: width - 2)
        var lines: [(String, Style)] = []
        for name in versions.keys.sorted() {
            guard let pair = versions[name] else { continue }
            lines.append((DiagnosticText.escaped(name), Self.heading))
            for line in StoryboardDiff.segueOutline(from: pair.before, to: pair.after) {
                let mark = line.change == .added ? "+ " : line.change == .removed ? "- " : "  "
                let style = line.change == .added ? Self.added : line.change == .removed ? Self.removed : Style()
                lines.append(((line.isScene ? "  " : "      ") + mark + DiagnosticText.escaped(line.text), style))
            }
        }
        let rows = buffer.height - 2
        let first = min(scroll, max(0, lines.count - rows))
        for (offset, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            buffer.put(line.0, at: Point(x: 1, y: 1 + offset), style: line.1, maxWidth: width - 2)
        }
    }
}
