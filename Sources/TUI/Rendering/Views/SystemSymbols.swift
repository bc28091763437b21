import Flow

/// SF Symbols as a terminal draws them: a glyph for the common ones.
///
/// A symbol is looked up by its name, then by its name without the variants that change only
/// its look (`star.fill` is `star` filled, `plus.circle.fill` is `plus.circle`), so a table of
/// bases covers most of the catalogue's thousands of names. Glyphs are plain text symbols
/// where a clear one exists (they take the text's colour), else emoji.
enum SystemSymbols {
    /// The glyph for the symbol named `name`, if the table has one.
    static func glyph(named name: String) -> String? {
        if let glyph = glyphs[name] { return glyph }
        // A badge is an extra mark on the symbol: the symbol still reads without it.
        var components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let badge = components.firstIndex(of: "badge"), badge > 0 { components.removeSubrange(badge...) }
        while !components.isEmpty {
            if let glyph = glyphs[components.joined(separator: ".")] { return glyph }
            if components.count > 1, let circled = circled(components) { return circled }
            guard components.count > 1, lookVariants.contains(components[components.count - 1]) else { return nil }
            components.removeLast()
        }
        return nil
    }

    /// Trailing name parts that change a symbol's look, not what it means.
    static let lookVariants: Set<String> = ["fill", "circle", "square", "rectangle", "inverse", "portrait", "landscape"]

    /// A letter or digit in a circle (`t.circle.fill`, `1.circle`): the circled character.
    private static func circled(_ components: [String]) -> String? {
        guard components.count == 2, components[1] == "circle", let scalar = components[0].unicodeScalars.first,
            components[0].unicodeScalars.count == 1
        else { return nil }
        switch scalar.value {
        case 0x61...0x7A: return Unicode.Scalar(0x24D0 + scalar.value - 0x61).map { String($0) }
        case 0x31...0x39: return Unicode.Scalar(0x2460 + scalar.value - 0x31).map { String($0) }
        case 0x30: return "⓪"
        default: return nil
        }
    }

    /// Glyphs by symbol name.
    static let glyphs: [String: String] = [
        // Chevrons and arrows.
        "chevron.left": "‹", "chevron.backward": "‹", "chevron.right": "›", "chevron.forward": "›",
        "chevron.up": "⌃", "chevron.down": "⌄", "chevron.left.2": "«", "chevron.right.2": "»",
        "arrow.left": "←", "arrow.backward": "←", "arrow.right": "→", "arrow.forward": "→",
        "arrow.up": "↑", "arrow.down": "↓", "arrow.up.arrow.down": "⇅", "arrow.left.arrow.right": "⇄",
        "arrow.clockwise": "↻", "arrow.counterclockwise": "↺", "arrow.triangle.2.circlepath": "⟳",
        "arrow.2.circlepath": "⟳", "arrow.trianglehead.2.clockwise": "⟳", "arrow.trianglehead.2.clockwise.rotate.90": "⟳",
        "arrow.uturn.left": "↶", "arrow.uturn.backward": "↶", "arrow.uturn.right": "↷", "arrow.uturn.forward": "↷",
        "arrowtriangle.up": "▴", "arrowtriangle.down": "▾", "arrowtriangle.left": "◂", "arrowtriangle.right": "▸",
        "square.and.arrow.up": "⤴", "square.and.arrow.down": "⤓", "arrow.up.right": "↗", "arrow.down.left": "↙",
        "return": "⏎", "delete.left": "⌫",
        // Marks.
        "plus": "+", "minus": "−", "xmark": "✕", "multiply": "×", "checkmark": "✓", "equal": "=",
        "plus.circle": "⊕", "minus.circle": "⊖", "xmark.circle": "⊗", "checkmark.circle": "✓",
        "ellipsis": "⋯", "ellipsis.circle": "⋯", "info": "ⓘ", "info.circle": "ⓘ", "questionmark": "?",
        "exclamationmark": "!", "exclamationmark.triangle": "⚠", "asterisk": "✱", "number": "#",
        "circle": "○", "circle.fill": "●", "square": "□", "square.fill": "■", "smallcircle.filled.circle": "◉",
        "star": "☆", "star.fill": "★", "heart": "♡", "heart.fill": "♥", "flag": "⚑", "bolt": "⚡",
        // Things.
        "gear": "⚙", "gearshape": "⚙", "gearshape.2": "⚙", "wrench": "🔧", "hammer": "🔨",
        "trash": "🗑\u{FE0F}", "magnifyingglass": "⌕", "house": "⌂", "bell": "🔔", "bell.slash": "🔕",
        "person": "👤", "person.crop": "👤", "person.2": "👥", "person.3": "👥",
        "pencil": "✎", "square.and.pencil": "✎", "highlighter": "✎", "paintbrush": "🖌\u{FE0F}", "paintpalette": "🎨",
        "envelope": "✉", "paperplane": "➤", "phone": "✆", "message": "💬", "bubble.left": "💬", "bubble.right": "💬",
        "lock": "🔒", "lock.open": "🔓", "key": "🔑", "link": "🔗", "paperclip": "📎", "printer": "⎙",
        "folder": "📁", "doc": "📄", "doc.text": "📄", "book": "📖", "books.vertical": "📚", "bookmark": "🔖",
        "calendar": "📅", "clock": "🕒", "alarm": "⏰", "timer": "⏱\u{FE0F}", "hourglass": "⌛",
        "camera": "📷", "photo": "🖼\u{FE0F}", "video": "📹", "mic": "🎤", "music.note": "♪", "music.note.list": "♫",
        "play": "▶", "pause": "❚❚", "stop": "■", "playpause": "▶❚❚", "backward": "◀◀", "forward": "▶▶",
        "shuffle": "🔀", "repeat": "🔁", "speaker": "🔈", "speaker.wave.2": "🔊", "speaker.slash": "🔇",
        "list.bullet": "☰", "list.dash": "☰", "list.number": "☰", "line.3.horizontal": "☰",
        "line.horizontal.3": "☰", "line.3.horizontal.decrease": "≡", "line.horizontal.3.decrease": "≡",
        "square.grid.2x2": "⊞", "square.grid.3x3": "⊞", "slider.horizontal.3": "☷",
        "location": "➤", "location.north": "➤", "mappin": "📍", "mappin.and.ellipse": "📍", "map": "🗺\u{FE0F}",
        "globe": "🌐", "safari": "🧭", "wifi": "📶", "antenna.radiowaves.left.and.right": "📡",
        "sun.max": "☀", "moon": "☾", "cloud": "☁", "flame": "🔥", "drop": "💧", "leaf": "🍃",
        "cart": "🛒", "bag": "🛍\u{FE0F}", "creditcard": "💳", "gift": "🎁", "tag": "🏷\u{FE0F}",
        "eye": "👁\u{FE0F}", "hand.thumbsup": "👍", "hand.thumbsdown": "👎", "hand.raised": "✋", "sparkles": "✨",
        "airplane": "✈", "car": "🚗", "tram": "🚋", "bicycle": "🚲",
        "iphone": "📱", "desktopcomputer": "🖥\u{FE0F}", "keyboard": "⌨", "qrcode": "▦", "qrcode.viewfinder": "▦",
        "brain": "🧠", "brain.head.profile": "🧠", "power": "⏻", "command": "⌘", "option": "⌥", "shift": "⇧",
    ]
}

extension Image {
    /// What a terminal shows for the image of an element whose accessibility label is
    /// `label`: a known symbol's glyph followed by the label (`⚙ Settings`), the glyph alone,
    /// the label alone, or else the image's name. For a screen reader, the label alone when
    /// there is one, as VoiceOver speaks it.
    func shownText(label: String? = nil, screenReader: Bool = false) -> String {
        let glyph = isSystemSymbol ? SystemSymbols.glyph(named: name) : nil
        if screenReader { return label ?? glyph ?? name }
        switch (glyph, label) {
        case (let glyph?, let label?): return glyph + " " + label
        case (let glyph?, nil): return glyph
        case (nil, let label?): return label
        case (nil, nil): return name
        }
    }

    /// Whether the image shows as a glyph rather than words.
    var showsGlyph: Bool {
        isSystemSymbol && SystemSymbols.glyph(named: name) != nil
    }
}
