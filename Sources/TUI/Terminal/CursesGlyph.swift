/// How a cell's character is handed to curses so that curses and the terminal
/// agree on how many columns it takes.
///
/// Curses measures with the C library's `wcwidth`, one code point at a time, and
/// a cell holds one spacing character plus a few combining ones. Where that
/// disagrees with `DisplayWidth` (emoji sequences, variation selectors, flags,
/// characters newer than the C library), the character is reduced to something
/// both count the same, so nothing after it on the line shifts:
///
/// - 🧑‍🌾 (ZWJ sequence) → 🧑; 👍🏽 → 👍; tag flags → 🏴 (the first emoji, 2 columns)
/// - ❤️ (text character + VS16, 2 columns here, 1 for `wcwidth`) → ❤ and a space
/// - 🇫🇷 → its two regional indicators in two cells, which terminals join
/// - anything `wcwidth` cannot measure, or measures wider → U+FFFD (and a space)
/// - without a UTF-8 locale: the `AsciiFallback` replacement
enum CursesGlyph {
    /// The columns to write for `character`, which `DisplayWidth` says is `width`
    /// columns wide. Each entry is one curses cell: a spacing scalar followed by
    /// zero-width ones. A single entry for a wide character covers both columns.
    static func columns(
        for character: Character, width: Int, isUTF8: Bool, maximumScalars: Int,
        wcwidth: (Unicode.Scalar) -> Int
    ) -> [[Unicode.Scalar]] {
        guard width > 0 else { return [] }
        guard isUTF8 else {
            return AsciiFallback.replacement(for: character, width: width).unicodeScalars.map { [$0] }
        }
        let scalars = Array(character.unicodeScalars)
        guard let base = scalars.first else { return padded([" "], to: width, covering: 1) }

        if width == 2, scalars.count == 2, scalars.allSatisfy(DisplayWidth.isRegionalIndicator),
            wcwidth(scalars[0]) == 1, wcwidth(scalars[1]) == 1
        {
            return [[scalars[0]], [scalars[1]]]
        }

        let baseWidth = wcwidth(base)
        guard baseWidth >= 1, baseWidth <= width else {
            return padded(["\u{FFFD}"], to: width, covering: 1)
        }
        var kept = [base]
        for scalar in scalars.dropFirst() {
            let value = scalar.value
            if value == 0xFE0E || value == 0xFE0F || (0xE0020...0xE007F).contains(value) { continue }
            if value == 0x200D || wcwidth(scalar) != 0 { break }
            if kept.count < maximumScalars { kept.append(scalar) }
        }
        return padded(kept, to: width, covering: baseWidth)
    }

    private static func padded(_ cell: [Unicode.Scalar], to width: Int, covering: Int) -> [[Unicode.Scalar]] {
        [cell] + Array(repeating: [" "], count: max(0, width - covering))
    }
}
