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
    /// Lists the bar buttons no letter was left for, to press one.
    case barOverflow
    case keyCommand(index: Int)
    case segue(id: String)
    /// A key a kind of view or container added to its screen, with the action it defined
    /// for it (a tab bar's digits, a page view's arrows, a search bar's `/` and Esc), which
    /// the kind alone reads back. Boxed: an action is an existential, larger than the other
    /// cases' payloads, and commands are copied with every binding of every frame.
    indirect case owned(OwnedAction)
    /// Scrolls a form taller than the screen a page down or up (a screen binding of the form).
    case scrollForm(down: Bool)
    case help
    case overview
    case tracePanel
    /// Moves the keys to the trace panel (showing it), or back to the screen.
    case focusTrace
    /// Scrolls the trace panel's transition by a number of lines (up when negative).
    case scrollTrace(Int)
    /// Shows an older (`true`) or newer transition in the trace panel.
    case browseTrace(older: Bool)
    /// Copies what has the focus to the user's clipboard: a row's text, a field's value, the
    /// transition in the trace panel.
    case copy
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
    /// How the footer names this binding when it shares one entry with its pair ("↑↓" and
    /// "move" for up and down); nil when it has an entry of its own.
    public var footerLabel: String?
    public var footerHelp: String?

    public init(_ keys: [Key], _ label: String, _ help: String, _ command: ShellCommand, footer: Bool = true) {
        self.keys = keys
        self.label = label
        self.help = help
        self.command = command
        self.inFooter = footer
    }

    /// A binding of a pair the footer shows as one entry (`↑↓ move`), while help lists each
    /// with its own word (`↑ k  up`, `↓ j  down`).
    public init(_ keys: [Key], _ label: String, _ help: String, _ command: ShellCommand, pairedInFooterAs pair: (label: String, help: String)) {
        self.init(keys, label, help, command)
        footerLabel = pair.label
        footerHelp = pair.help
    }

    func matches(_ key: Key) -> Bool { keys.contains(key) }
}

enum KeyMap {
    /// Every binding in force for `context`, in precedence order.
    static func bindings(for context: KeyContext) -> [KeyBinding] {
        if let modal = context.modalBindings { return modal }
        var list: [KeyBinding] = []
        // What the screen's items add first: a search bar's `/`, or its Esc while it is
        // typed in, which comes before anything else.
        list += context.firstBindings
        // Bar buttons first: their keys are explicit.
        for (item, mnemonic) in context.barItems {
            if let key = item.keyEquivalent.flatMap(keyFromNotation) {
                list.append(KeyBinding([key], label(for: key), item.keyName, .barButton(id: item.id)))
                continue
            }
            if let key = item.systemItem?.defaultKey.flatMap(keyFromNotation) {
                list.append(KeyBinding([key], label(for: key), item.systemItem == .add ? "add" : item.keyName, .barButton(id: item.id)))
                continue
            }
            switch item.systemItem {
            case .cancel:
                // Esc fires cancel when there is no back button; listed with back below.
                if !context.canGoBack && !context.firstTakesEscape {
                    list.append(KeyBinding([.escape], "Esc", item.keyName, .barButton(id: item.id)))
                }
            default:
                // While typing, letters go to the field: the mnemonic then takes Alt.
                if let mnemonic {
                    let keys: [Key] = context.textInput ? [.alt(mnemonic)] : [.char(mnemonic), .alt(mnemonic)]
                    let label = context.textInput ? Key.alt(mnemonic).displayName : String(mnemonic)
                    list.append(KeyBinding(keys, label, item.keyName, .barButton(id: item.id)))
                }
            }
        }
        // The items no letter was left for are one key away: it lists them.
        let overflow = context.overflowItems
        if !overflow.isEmpty {
            let keys: [Key] = context.textInput ? [.alt(".")] : [.char("."), .alt(".")]
            let names = overflow.map(\.keyName).joined(separator: ", ")
            list.append(KeyBinding(keys, context.textInput ? Key.alt(".").displayName : ".", "more: " + names, .barOverflow))
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
        if context.canGoBack && !context.firstTakesEscape {
            list.append(KeyBinding([.escape], "Esc", context.backLabel, .back))
        } else if context.leavesColumn && !escapeTaken {
            list.append(KeyBinding([.escape], "Esc", "previous column", .back))
        } else if !context.isRoot && !escapeTaken {
            list.append(KeyBinding([.escape], "Esc", "close", .back))
        }
        // The focused view's own keys: a table's movement, a slider's arrows.
        list += context.focusBindings
        // What the screen's items and containers add after: a page view's ← and →.
        list += context.bindingsAfterFocused
        if context.columnCount > 1 {
            // Tab goes through the fields, then on to the next column.
            let what = context.focusCount > 1 ? "field or column" : "column"
            list.append(KeyBinding([.tab], "Tab", "next " + what, .focusNext))
            list.append(KeyBinding([.backTab], "⇧Tab", "previous " + what, .focusPrevious, footer: false))
        } else if context.focusCount > 1 {
            list.append(KeyBinding([.tab], "Tab", "next field", .focusNext))
            list.append(KeyBinding([.backTab], "⇧Tab", "previous field", .focusPrevious, footer: false))
        }
        // What the screen's containers add last: a tab bar's digits.
        list += context.lastBindings
        if !context.textInput {
            list.append(KeyBinding([.char("?")], "?", "help", .help))
            list.append(KeyBinding([.char("g")], "g", "overview", .overview, footer: false))
            list.append(KeyBinding([.char("t")], "t", "trace", .tracePanel, footer: false))
            list.append(KeyBinding([.char("T")], "T", "read the trace", .focusTrace, footer: false))
            if context.canCopy { list.append(KeyBinding([.char("y"), .ctrl("y")], "y", "copy", .copy, footer: false)) }
            if context.isRoot {
                list.append(KeyBinding([.char("q")], "q", "quit", .quit))
            }
        } else {
            list.append(KeyBinding([.function(1)], "F1", "help", .help, footer: false))
            if context.canCopy { list.append(KeyBinding([.ctrl("y")], "^Y", "copy", .copy, footer: false)) }
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
            guard item.keyEquivalent == nil, item.customView == nil else { return nil }
            for character in item.keyName.lowercased() where character.isLetter && character.isASCII {
                if !used.contains(character) {
                    used.insert(character)
                    return character
                }
            }
            return nil
        }
    }

    /// Letters the shell keeps for itself, never given as mnemonics.
    static let reservedLetters: Set<Character> = ["q", "j", "k", "g", "i", "o", "t", "h", "l", "d", "y"]

    /// The keys while the trace panel has them: scroll the transition, go through older and
    /// newer ones, copy it, go back to the screen.
    static let traceBindings: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑", "earlier line", .scrollTrace(-1), pairedInFooterAs: ("↑↓", "scroll")),
        KeyBinding([.down, .char("j")], "↓", "later line", .scrollTrace(1), pairedInFooterAs: ("↑↓", "scroll")),
        KeyBinding([.pageUp], "PgUp", "page up", .scrollTrace(-10), footer: false),
        KeyBinding([.pageDown, .char(" ")], "PgDn", "page down", .scrollTrace(10), footer: false),
        KeyBinding([.home], "Home", "first line", .scrollTrace(-Int(Int32.max)), footer: false),
        KeyBinding([.end], "End", "last line", .scrollTrace(Int(Int32.max)), footer: false),
        KeyBinding([.left, .char("h")], "←", "older transition", .browseTrace(older: true), pairedInFooterAs: ("←→", "older/newer")),
        KeyBinding([.right, .char("l")], "→", "newer transition", .browseTrace(older: false), pairedInFooterAs: ("←→", "older/newer")),
        KeyBinding([.char("y"), .ctrl("y")], "y", "copy", .copy),
        KeyBinding([.escape, .char("T"), .tab], "Esc", "back to the screen", .focusTrace),
        KeyBinding([.char("t")], "t", "hide the trace", .tracePanel, footer: false),
        KeyBinding([.char("?")], "?", "help", .help),
        KeyBinding([.ctrl("c")], "^C", "quit", .forceQuit, footer: false),
    ]
}
