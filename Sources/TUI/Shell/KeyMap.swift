import Flow

/// Something a key (or a click) does in the shell.
public enum ShellCommand: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, top, bottom
    case activate
    case accessory
    case back
    case focusNext, focusPrevious
    case decrease, increase, decreaseMore, increaseMore
    case toggle
    case barButton(id: String)
    case keyCommand(index: Int)
    case segue(id: String)
    case selectTab(Int)
    case help
    case overview
    case tracePanel
    case quit
    case forceQuit
}

/// One entry of the key map: the keys, how the footer and help name them, what they do.
///
/// The same list handles a key, draws the footer and fills the help screen, so the three
/// never disagree.
public struct KeyBinding: Hashable, Sendable {
    public var keys: [Key]
    /// The keys as shown ("↑/k", "^S", "Enter").
    public var label: String
    /// What the keys do ("up", "Done").
    public var help: String
    public var command: ShellCommand
    /// Shown in the footer (the help screen lists every binding).
    public var inFooter: Bool

    public init(_ keys: [Key], _ label: String, _ help: String, _ command: ShellCommand, footer: Bool = true) {
        self.keys = keys
        self.label = label
        self.help = help
        self.command = command
        self.inFooter = footer
    }

    func matches(_ key: Key) -> Bool { keys.contains(key) }
}

/// What the screen on top offers, which decides the bindings in force.
struct KeyContext {
    var hasTable = false
    var hasRows = false
    var focusCount = 0
    var focusedKind: FocusKind?
    var canGoBack = false
    var backLabel = "back"
    var barItems: [(item: BarButtonItem, mnemonic: Character?)] = []
    var keyCommands: [KeyCommand] = []
    var keyedSegues: [(segue: SegueSpec, key: Key)] = []
    var tabTitles: [String] = []
    var hasAccessoryRow = false
    var isRoot = true
    var isAlert = false
    var textInput = false
    var isGrid = false
}

/// The kind of control holding the focus, which decides what arrows and Space do.
enum FocusKind {
    case textField, slider, toggle, stepper, segmented, button, table, grid
}

enum KeyMap {
    /// Every binding in force for `context`, in precedence order.
    static func bindings(for context: KeyContext) -> [KeyBinding] {
        var list: [KeyBinding] = []
        if context.isAlert {
            list.append(KeyBinding([.left, .backTab], "←/→", "choose", .focusPrevious))
            list.append(KeyBinding([.right, .tab], "→", "next", .focusNext, footer: false))
            list.append(KeyBinding([.enter, .char(" ")], "Enter", "press", .activate))
            list.append(KeyBinding([.escape], "Esc", "cancel", .back))
            list.append(KeyBinding([.ctrl("c")], "^C", "quit", .forceQuit))
            return list
        }
        // Bar buttons first: their keys are explicit.
        for (item, mnemonic) in context.barItems {
            if let key = item.keyEquivalent.flatMap(keyFromNotation) {
                list.append(KeyBinding([key], label(for: key), item.displayTitle, .barButton(id: item.id)))
                continue
            }
            switch item.systemItem {
            case .add:
                list.append(KeyBinding([.char("+")], "+", "add", .barButton(id: item.id)))
            case .done, .save:
                list.append(KeyBinding([.ctrl("s")], "^S", item.displayTitle, .barButton(id: item.id)))
            case .cancel:
                // Esc fires cancel when there is no back button; listed with back below.
                if !context.canGoBack {
                    list.append(KeyBinding([.escape], "Esc", item.displayTitle, .barButton(id: item.id)))
                }
            default:
                // While typing, letters go to the field: the mnemonic then takes Alt.
                if let mnemonic {
                    let keys: [Key] = context.textInput ? [.alt(mnemonic)] : [.char(mnemonic), .alt(mnemonic)]
                    let label = context.textInput ? Key.alt(mnemonic).displayName : String(mnemonic)
                    list.append(KeyBinding(keys, label, item.displayTitle, .barButton(id: item.id)))
                }
            }
        }
        for (segue, key) in context.keyedSegues {
            list.append(KeyBinding([key], label(for: key), segue.identifier ?? "go", .segue(id: segue.id)))
        }
        for (index, command) in context.keyCommands.enumerated() {
            if command.yieldsToTextInput && context.textInput { continue }
            guard let key = keyFromNotation(command.input) else { continue }
            list.append(KeyBinding([key], label(for: key), command.title, .keyCommand(index: index)))
        }
        let escapeTaken = list.contains { $0.keys.contains(.escape) }
        if context.canGoBack {
            list.append(KeyBinding([.escape], "Esc", context.backLabel, .back))
        } else if !context.isRoot && !escapeTaken {
            list.append(KeyBinding([.escape], "Esc", "close", .back))
        }
        if context.hasTable && context.hasRows {
            list.append(KeyBinding([.up, .char("k")], "↑↓", "move", .moveUp))
            list.append(KeyBinding([.down, .char("j")], "↓/j", "down", .moveDown, footer: false))
            list.append(KeyBinding([.pageUp], "PgUp", "page up", .pageUp, footer: false))
            list.append(KeyBinding([.pageDown, .char(" ")], "PgDn", "page down", .pageDown, footer: false))
            list.append(KeyBinding([.home], "Home", "first row", .top, footer: false))
            list.append(KeyBinding([.end], "End", "last row", .bottom, footer: false))
            list.append(KeyBinding([.enter], "Enter", "open", .activate))
            if context.hasAccessoryRow {
                list.append(KeyBinding([.right, .char("i")], "→/i", "info", .accessory))
            }
            if context.isGrid {
                list.append(KeyBinding([.left, .char("h")], "←", "left", .decrease, footer: false))
                list.append(KeyBinding([.right, .char("l")], "→", "right", .increase, footer: false))
            }
        }
        if let focused = context.focusedKind {
            switch focused {
            case .slider:
                list.append(KeyBinding([.left], "←→", "adjust", .decrease))
                list.append(KeyBinding([.right], "→", "more", .increase, footer: false))
                list.append(KeyBinding([.pageDown], "PgDn", "less ×10", .decreaseMore, footer: false))
                list.append(KeyBinding([.pageUp], "PgUp", "more ×10", .increaseMore, footer: false))
            case .stepper:
                list.append(KeyBinding([.left, .char("-")], "←→", "step", .decrease))
                list.append(KeyBinding([.right, .char("+")], "→", "step up", .increase, footer: false))
            case .segmented:
                list.append(KeyBinding([.left], "←→", "choose", .decrease))
                list.append(KeyBinding([.right], "→", "next", .increase, footer: false))
            case .toggle:
                list.append(KeyBinding([.char(" "), .enter], "Space", "switch", .toggle))
            case .button:
                list.append(KeyBinding([.enter, .char(" ")], "Enter", "press", .activate))
            case .textField, .table, .grid:
                break
            }
        }
        if context.focusCount > 1 {
            list.append(KeyBinding([.tab], "Tab", "next field", .focusNext))
            list.append(KeyBinding([.backTab], "⇧Tab", "previous field", .focusPrevious, footer: false))
        }
        if !context.tabTitles.isEmpty {
            let count = min(context.tabTitles.count, 9)
            for index in 0..<count {
                let digit = Character(String(index + 1))
                list.append(KeyBinding([.char(digit)], "1-\(count)", "tab", .selectTab(index), footer: index == 0))
            }
        }
        if !context.textInput {
            list.append(KeyBinding([.char("?")], "?", "help", .help))
            list.append(KeyBinding([.char("g")], "g", "overview", .overview, footer: false))
            list.append(KeyBinding([.char("t")], "t", "trace", .tracePanel, footer: false))
            if context.isRoot {
                list.append(KeyBinding([.char("q")], "q", "quit", .quit))
            }
        } else {
            list.append(KeyBinding([.function(1)], "F1", "help", .help, footer: false))
        }
        list.append(KeyBinding([.ctrl("c")], "^C", "quit", .forceQuit, footer: false))
        return list
    }

    /// The key a notation names: a single character, or `Delete`, `Enter`, `C-x`, `F5`…
    static func keyFromNotation(_ text: String) -> Key? {
        if text.count == 1, let character = text.first { return Key(typing: character) }
        let wrapped = text.hasPrefix("<") ? text : "<" + text + ">"
        guard let keys = try? KeyNotation.parse(wrapped), keys.count == 1 else { return nil }
        return keys[0]
    }

    /// How a key reads in the footer.
    static func label(for key: Key) -> String { key.displayName }

    /// Picks a letter for each titled bar button: the first letter of its title that no
    /// other binding uses, so `Reset` gets `r` and `Record` then `e`.
    static func mnemonics(for items: [BarButtonItem], reserved: Set<Character>) -> [Character?] {
        var used = reserved
        return items.map { item in
            guard item.systemItem == nil || ![.add, .done, .save, .cancel].contains(item.systemItem!) else { return nil }
            guard item.keyEquivalent == nil else { return nil }
            for character in item.displayTitle.lowercased() where character.isLetter && character.isASCII {
                if !used.contains(character) {
                    used.insert(character)
                    return character
                }
            }
            return nil
        }
    }

    /// Letters the shell keeps for itself, never given as mnemonics.
    static let reservedLetters: Set<Character> = ["q", "j", "k", "g", "i", "o", "t", "h", "l", "d"]
}
