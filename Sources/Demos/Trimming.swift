extension StringProtocol {
    /// The text without white space and line breaks at either end: the characters Foundation's
    /// `CharacterSet.whitespacesAndNewlines` holds, without needing full Foundation.
    func trimmingWhitespaceAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespaceOrNewline }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespaceOrNewline }) ?? first
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// Whether the text holds nothing but white space on one line (Foundation's `CharacterSet.whitespaces`).
    var isBlank: Bool {
        unicodeScalars.allSatisfy(\.isWhitespace)
    }
}

extension Unicode.Scalar {
    /// Foundation's `whitespaces`: tab and the space separators, and, as Core Foundation has
    /// always counted it, the zero-width space U+200B.
    fileprivate var isWhitespace: Bool {
        value == 0x09 || value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// Foundation's `whitespacesAndNewlines`: the above, the line and paragraph separators,
    /// line feed to carriage return, and next line (U+0085).
    fileprivate var isWhitespaceOrNewline: Bool {
        isWhitespace || (0x0A...0x0D).contains(value) || value == 0x85
            || properties.generalCategory == .lineSeparator || properties.generalCategory == .paragraphSeparator
    }
}
