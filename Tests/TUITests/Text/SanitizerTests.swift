import Testing
@testable import TUI

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("\u{1B}[31mred\u{1B}[0m", "^[[31mred^[[0m"),  // CSI colour
        ("\u{1B}]52;c;aGVsbG8=\u{7}", "^[]52;c;aGVsbG8=^G"),  // OSC 52 clipboard write
        ("\u{1B}]0;title\u{1B}\\", "^[]0;title^[\\"),  // OSC title with ST
        ("\u{1B}P+q544e\u{1B}\\", "^[P+q544e^[\\"),  // DCS
        ("ding\u{7}", "ding^G"),  // BEL
        ("\u{7F}", "^?"),
        ("\u{0}", "^@"),
        ("a\nb\tc\r", "a^Jb^Ic^M"),
        ("\r\n", "^M^J"),
        ("\u{9B}31m", "<U+009B>31m"),  // 8-bit CSI
        ("\u{85}", "<U+0085>"),
        ("abc\u{202E}fed", "abc<U+202E>fed"),  // right-to-left override
        ("\u{2066}x\u{2069}", "<U+2066>x<U+2069>"),  // isolates
        ("\u{200E}\u{200F}\u{61C}", "<U+200E><U+200F><U+061C>"),
        ("a\u{200B}b", "a<U+200B>b"),  // zero width space
        ("a\u{200D}b", "a<U+200D>b"),  // joiner outside emoji
        ("a\u{200C}b", "a<U+200C>b"),
        ("\u{FEFF}x", "<U+FEFF>x"),
        ("soft\u{AD}hyphen", "soft<U+00AD>hyphen"),
        ("line\u{2028}sep", "line<U+2028>sep"),
        ("\u{301}a", "\u{25CC}\u{301}a"),  // combining mark with no base
        ("🧑‍🌾", "🧑‍🌾"),  // joiner inside an emoji sequence stays
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"),  // tags inside a tag flag stay
        ("e\u{301}", "e\u{301}"),
        ("中文 ❤️ 🇫🇷", "中文 ❤️ 🇫🇷"),
    ])
    func sanitizes(input: String, expected: String) {
        #expect(Sanitizer.sanitize(input) == expected)
    }

    @Test func resultHasNoControlOrFormatCharacters() {
        let hostile = "\u{1B}[2J\u{1B}]52;c;Zm9v\u{7}\u{9D}8;;http://x\u{9C}\u{202E}\u{2067}\u{200B}\u{E0041}\u{FFF9}"
        let safe = Sanitizer.sanitize(hostile)
        for scalar in safe.unicodeScalars {
            #expect(!Sanitizer.isUnsafe(scalar), "U+\(String(scalar.value, radix: 16)) survived")
        }
    }

    @Test func isIdempotent() {
        let samples = [
            "\u{1B}[31m", "\u{301}x", "a\u{200D}b", "🧑‍🌾\u{200D}", "\u{85}\u{202E}", "x\u{E0041}", "plain",
        ]
        for sample in samples {
            let once = Sanitizer.sanitize(sample)
            #expect(Sanitizer.sanitize(once) == once, "\(sample.debugDescription)")
        }
    }

    @Test func tagsOutsideAFlagAreShown() {
        #expect(Sanitizer.sanitize("x\u{E0041}") == "x<U+E0041>")
    }

    @Test func splitsLines() {
        #expect(Sanitizer.sanitizeLines("a\nb\r\nc\u{1B}\rd") == ["a", "b", "c^[", "d"])
        #expect(Sanitizer.sanitizeLines("") == [""])
    }

    @Test func needsEscaping() {
        #expect(Sanitizer.needsEscaping("\u{1B}"))
        #expect(Sanitizer.needsEscaping("a\u{200D}"))
        #expect(!Sanitizer.needsEscaping("🧑‍🌾"))
        #expect(!Sanitizer.needsEscaping("é"))
    }
}

/// Inputs the fuzzer found (Fuzz/SanitizerFuzz): escaping regrouped the rest into clusters
/// that still needed escaping.
@Suite struct SanitizerFuzzFindings {
    @Test(arguments: [
        "ex\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{200D}\u{1F33E}\u{200D}\u{1FED1}\u{200D}\u{1F33E}\u{FFFD}",
        "\u{FFFD}\u{200D}\u{1F9C1}\u{200D}\u{1F33E}\u{200D}\u{1F311}\u{200D}\u{1F27E}\u{200D}\u{1F33E}",
    ])
    func sanitizedTextNeedsNoMoreEscaping(text: String) {
        let safe = Sanitizer.sanitize(text)
        #expect(!safe.contains(where: Sanitizer.needsEscaping), "\(Array(safe.unicodeScalars))")
        #expect(Sanitizer.sanitize(safe) == safe)
    }
}
