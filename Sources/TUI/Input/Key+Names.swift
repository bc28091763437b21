/// Names of keys for people (footers, help) and for key notation.
extension Key {
    /// A short name for footers and help screens: `↑`, `Enter`, `Esc`, `^S`, `PgDn`, `F5`.
    public var displayName: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let character): return Sanitizer.sanitize(String(character))
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "⇧Tab"
        case .backspace: return "Bksp"
        case .delete: return "Del"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .function(let number): return "F\(number)"
        case .ctrl(let character): return "^" + Sanitizer.sanitize(String(character)).uppercased()
        case .alt(let character): return "M-" + Sanitizer.sanitize(String(character))
        case .resize: return "Resize"
        case .wake: return "Wake"
        case .mouse(.click): return "Click"
        case .mouse(.wheelUp): return "Wheel↑"
        case .mouse(.wheelDown): return "Wheel↓"
        case .mouse(.drag): return "Drag"
        case .paste: return "Paste"
        case .signal(.interrupt): return "Interrupt"
        case .signal(.terminate): return "Terminate"
        case .signal(.hangUp): return "Hang-up"
        case .unknown: return "?"
        }
    }

    /// This key in the notation `KeyNotation.parse` reads (`<Up>`, `x`, `<C-s>`,
    /// `<lt>`), or nil for events typing cannot produce (mouse, paste, resize, signals).
    public var notation: String? {
        switch self {
        case .char("<"): return "<lt>"
        case .char(" "): return "<Space>"
        case .char(let character):
            return Sanitizer.needsEscaping(character) ? nil : String(character)
        case .up: return "<Up>"
        case .down: return "<Down>"
        case .left: return "<Left>"
        case .right: return "<Right>"
        case .enter: return "<Enter>"
        case .escape: return "<Esc>"
        case .tab: return "<Tab>"
        case .backTab: return "<BackTab>"
        case .backspace: return "<Backspace>"
        case .delete: return "<Delete>"
        case .home: return "<Home>"
        case .end: return "<End>"
        case .pageUp: return "<PageUp>"
        case .pageDown: return "<PageDown>"
        case .insert: return "<Insert>"
        case .function(let number): return "<F\(number)>"
        case .ctrl(let character): return "<C-\(character)>"
        case .alt(let character): return "<M-\(character)>"
        case .resize, .mouse, .paste, .signal, .wake, .unknown: return nil
        }
    }
}
