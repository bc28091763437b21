/// One input event: a key press, a mouse event, a paste, a resize, or a signal.
public enum Key: Hashable, Sendable {
    /// A printable character (a grapheme cluster; may be a space).
    case char(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Return or Enter (also Ctrl-M and Ctrl-J).
    case enter
    /// Escape on its own (also Ctrl-[).
    case escape
    /// Tab (also Ctrl-I).
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or Ctrl-H, whichever the terminal sends).
    case backspace
    /// Forward delete.
    case delete
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Insert.
    case insert
    /// A function key, F1 to F12 (up to F20 when a terminal sends them).
    case function(Int)
    /// A control chord other than the named keys above: `.ctrl("s")` for Ctrl-S.
    /// Letters are lowercase; `@ \ ] ^ _` stand for the other control codes.
    case ctrl(Character)
    /// Alt (Meta) with a letter or digit: ESC and the character arriving together, as
    /// terminals send it. Lowercase stays lowercase: `.alt("r")` for Alt-r.
    case alt(Character)
    /// The terminal changed size; redraw.
    case resize
    /// A mouse click or wheel turn.
    case mouse(MouseEvent)
    /// Text pasted in one piece (bracketed paste), exactly as received: unsanitized.
    case paste(String)
    /// A signal asking the program to end: save and exit.
    case signal(TerminalSignal)
    /// The descriptor the shell asked the terminal to wait on beside input
    /// (`Terminal.wakeDescriptor`) has something to read: a watched file changed.
    case wake
    /// An escape sequence that means nothing here; ignore it.
    case unknown

    /// The key a single character stands for when typed: control codes become
    /// their named keys or `.ctrl`, everything else `.char`.
    public init(typing character: Character) {
        if let ascii = character.asciiValue, ascii < 0x20 || ascii == 0x7F {
            self = Key(controlByte: ascii)
        } else {
            self = .char(character)
        }
    }

    /// The key of a C0 control byte or DEL, as terminals send them.
    public init(controlByte byte: UInt8) {
        switch byte {
        case 0x09: self = .tab
        case 0x0A, 0x0D: self = .enter
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x00: self = .ctrl("@")
        case 0x01...0x1A: self = .ctrl(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1C: self = .ctrl("\\")
        case 0x1D: self = .ctrl("]")
        case 0x1E: self = .ctrl("^")
        case 0x1F: self = .ctrl("_")
        default: self = .char(Character(Unicode.Scalar(byte)))
        }
    }

    /// The key of Ctrl plus `character` (case-insensitive), or nil when no control
    /// code exists for it. Ctrl-I is Tab, Ctrl-M Enter, Ctrl-[ Escape, Ctrl-H Backspace,
    /// as a terminal would send them.
    public init?(control character: Character) {
        guard let ascii = character.asciiValue else { return nil }
        let upper = (0x61...0x7A).contains(ascii) ? ascii - 0x20 : ascii
        switch upper {
        case 0x3F:
            self = .backspace
        case 0x20:
            self = .ctrl("@")
        case 0x40...0x5F:
            self = Key(controlByte: upper - 0x40)
        default:
            return nil
        }
    }
}

/// A mouse event at a cell (column and row from zero).
public enum MouseEvent: Hashable, Sendable {
    /// The primary button was pressed.
    case click(Point)
    /// The wheel turned up (scroll content towards the top).
    case wheelUp(Point)
    /// The wheel turned down.
    case wheelDown(Point)
    /// The pointer moved with the primary button held (after a `click`).
    case drag(Point)

    /// The cell under the pointer.
    public var location: Point {
        switch self {
        case .click(let point), .wheelUp(let point), .wheelDown(let point), .drag(let point):
            return point
        }
    }
}

/// A signal that asks the program to end.
public enum TerminalSignal: Hashable, Sendable {
    /// Ctrl-C (SIGINT).
    case interrupt
    /// SIGTERM.
    case terminate
    /// The terminal went away (SIGHUP); input is closed after this.
    case hangUp
}
