import Flow

/// `storyboard mergetool` on a terminal: the conflicts a merge left in a list; Enter shows the
/// conflict's scene as ours and as theirs side by side, drawn as `run` draws it (outside every
/// scene, each side's lines of the file where the object is), with each side's value marked; `o`, `t` and `b` take ours, theirs or the base for the selected
/// conflict; `w` writes the merged file once every conflict is chosen; `q` leaves without
/// writing.
///
/// `render(size:)` is a pure function of the screen's state, so tests draw it into a
/// ``MemoryTerminal`` as they draw the shell.
public final class MergeScreen {
    /// What the screen shows.
    public enum Mode: Equatable, Sendable {
        case list, conflict
    }

    /// How the screen ended.
    public enum Outcome: Equatable, Sendable {
        /// Every conflict chosen and the user asked to write.
        case write
        /// The user left first.
        case quit
    }

    public private(set) var conflicts: [MergeConflict]
    public private(set) var choices: [String: MergeConflict.Choice]
    public private(set) var mode: Mode = .list
    public private(set) var selection = 0
    /// The file's name, as the title shows it.
    let fileName: String
    let ours: StoryboardDiff.Version?
    let theirs: StoryboardDiff.Version?
    /// Each side's file, for conflicts no scene holds (a xib's, an archive's).
    let oursBytes: [UInt8]?
    let theirsBytes: [UInt8]?
    let registry: ClassRegistry
    /// A line of news: what the last key did.
    private var status = ""

    public init(
        fileName: String, conflicts: [MergeConflict], ours: StoryboardDiff.Version?, theirs: StoryboardDiff.Version?,
        oursBytes: [UInt8]? = nil, theirsBytes: [UInt8]? = nil, choices: [String: MergeConflict.Choice] = [:],
        registry: ClassRegistry = ClassRegistry()
    ) {
        self.fileName = fileName
        self.conflicts = conflicts
        self.ours = ours
        self.theirs = theirs
        self.oursBytes = oursBytes
        self.theirsBytes = theirsBytes
        self.choices = choices
        self.registry = registry
    }

    /// Whether every conflict has a choice.
    public var isComplete: Bool { conflicts.allSatisfy { choices[$0.key] != nil } }

    /// Takes a new list of conflicts (after a merge with the choices so far), keeping the choices.
    public func update(conflicts: [MergeConflict]) {
        self.conflicts = conflicts
        selection = min(selection, max(0, conflicts.count - 1))
    }

    /// Handles a key: nil while the screen goes on, else how it ended.
    public func handle(_ key: Key) -> Outcome? {
        switch key {
        case .char("q"), .ctrl("c"), .ctrl("d"):
            return .quit
        case .escape:
            if mode == .list { return .quit }
            mode = .list
        case .enter, .right:
            if !conflicts.isEmpty { mode = .conflict }
        case .left, .backspace:
            mode = .list
        case .up, .char("k"):
            selection = max(0, selection - 1)
        case .down, .char("j"):
            selection = min(max(0, conflicts.count - 1), selection + 1)
        case .char("o"): choose(.ours)
        case .char("t"): choose(.theirs)
        case .char("b"): choose(.base)
        case .char("w"), .ctrl("s"):
            if isComplete { return .write }
            let left = conflicts.filter { choices[$0.key] == nil }.count
            status = "\(left) conflict\(left == 1 ? "" : "s") still to choose"
        default:
            break
        }
        return nil
    }

    private func choose(_ choice: MergeConflict.Choice) {
        guard conflicts.indices.contains(selection) else { return }
        choices[conflicts[selection].key] = choice
        let left = conflicts.filter { choices[$0.key] == nil }.count
        status = left == 0 ? "every conflict chosen: w writes the merged file" : "took \(choice.rawValue); \(left) left"
        // On to the next conflict still open.
        if let next = conflicts.indices.first(where: { $0 > selection && choices[conflicts[$0].key] == nil }) {
            selection = next
        }
    }

    /// Draws and reads keys on `terminal` until the user writes or leaves.
    public func run(on terminal: Terminal) -> Outcome {
        while true {
            terminal.draw(render(size: terminal.size))
            guard let key = terminal.readKey() else { return .quit }
            if case .signal = key { return .quit }
            if let outcome = handle(key) { return outcome }
        }
    }

    // MARK: Drawing

    static let oursStyle = Style(foreground: .green, attributes: [.bold])
    static let theirsStyle = Style(foreground: .cyan, attributes: [.bold])
    static let openStyle = Style(foreground: .yellow, attributes: [.bold])
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
        case .conflict: drawConflict(into: &buffer)
        }
        if !status.isEmpty {
            buffer.put(status, at: Point(x: 1, y: size.height - 2), style: Theme.detail, maxWidth: size.width - 2)
        }
        let write = isComplete ? "  w write" : ""
        let footer: String =
            switch mode {
            case .list: " ↑↓ conflict  Enter ours|theirs  o ours  t theirs  b base\(write)  q quit"
            case .conflict: " ↑↓ conflict  o ours  t theirs  b base  Esc list\(write)  q quit"
            }
        buffer.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1), style: Theme.footerText)
        buffer.put(footer, at: Point(x: 0, y: size.height - 1), style: Theme.footerKey, maxWidth: size.width)
        return buffer
    }

    /// One conflict as a line of the list.
    static func line(_ conflict: MergeConflict) -> String {
        var text = ""
        if let scene = conflict.scene { text += scene + ": " }
        text += conflict.object + ": "
        if !conflict.what.isEmpty { text += conflict.what + ": " }
        switch conflict.kind {
        case .bothChanged:
            text += "ours \(MergeConflict.quoted(conflict.ours))  theirs \(MergeConflict.quoted(conflict.theirs))  base \(MergeConflict.quoted(conflict.base))"
        case .deletedAndChanged:
            text += conflict.ours == nil ? "ours deleted it, theirs changed it" : "theirs deleted it, ours changed it"
        case .clash:
            text += "both sides added \(MergeConflict.quoted(conflict.ours ?? conflict.theirs))"
        case .missingReference:
            text += "points at an object one side deleted"
        }
        return text
    }

    private func mark(_ conflict: MergeConflict) -> (String, Style) {
        switch choices[conflict.key] {
        case .ours?: ("ours  ", Self.oursStyle)
        case .theirs?: ("theirs", Self.theirsStyle)
        case .base?: ("base  ", Self.heading)
        case nil: ("open  ", Self.openStyle)
        }
    }

    private func drawList(into buffer: inout CellBuffer) {
        let width = buffer.width
        let open = conflicts.filter { choices[$0.key] == nil }.count
        buffer.put(
            "Conflicts in \(DiagnosticText.escaped(fileName)): \(conflicts.count), \(open) open", at: Point(x: 1, y: 0), style: Self.heading,
            maxWidth: width - 2)
        let visible = max(1, buffer.height - 4)
        let first = max(0, min(selection - visible + 1, conflicts.count - visible))
        var row = 2
        for index in first..<min(conflicts.count, first + visible) {
            let conflict = conflicts[index]
            let (mark, markStyle) = mark(conflict)
            let selected = index == selection
            if selected { buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: Theme.selection) }
            buffer.put(mark, at: Point(x: 1, y: row), style: selected ? Theme.selection : markStyle, maxWidth: width - 2)
            buffer.put(
                "\(conflict.line):\(conflict.column)  " + Self.line(conflict), at: Point(x: 8, y: row), style: selected ? Theme.selection : Style(),
                maxWidth: width - 9)
            row += 1
        }
    }

    private func drawConflict(into buffer: inout CellBuffer) {
        guard conflicts.indices.contains(selection) else { return }
        let conflict = conflicts[selection]
        let width = buffer.width
        let (mark, markStyle) = mark(conflict)
        buffer.put(mark, at: Point(x: 1, y: 0), style: markStyle, maxWidth: 7)
        buffer.put(Self.line(conflict), at: Point(x: 8, y: 0), style: Self.heading, maxWidth: width - 9)
        let pictureHeight = buffer.height - 3
        let half = (width - 1) / 2
        let sizes = (Size(width: half, height: pictureHeight), Size(width: width - half - 1, height: pictureHeight))
        var left: CellBuffer
        var right: CellBuffer
        if conflict.sceneID == nil {
            left = MergeExcerpt.picture(of: oursBytes, objectID: conflict.objectID, value: conflict.ours, size: sizes.0, title: "Ours (o)")
            right = MergeExcerpt.picture(of: theirsBytes, objectID: conflict.objectID, value: conflict.theirs, size: sizes.1, title: "Theirs (t)")
        } else {
            left = DiffScreen.picture(conflict.sceneID, of: ours, size: sizes.0, title: "Ours (o)", registry: registry)
            right = DiffScreen.picture(conflict.sceneID, of: theirs, size: sizes.1, title: "Theirs (t)", registry: registry)
        }
        if let value = conflict.ours { DiffScreen.highlight(value, in: &left, style: Self.oursStyle) }
        if let value = conflict.theirs { DiffScreen.highlight(value, in: &right, style: Self.theirsStyle) }
        buffer.draw(left, at: Point(x: 0, y: 1))
        buffer.drawVerticalLine(from: Point(x: half, y: 1), length: pictureHeight, style: Theme.barSeparator)
        buffer.draw(right, at: Point(x: half + 1, y: 1))
    }
}
