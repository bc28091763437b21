import Flow
import Testing
@testable import TUI

/// The sanitizer fuzz target's promises, checked on seeded random text in every test run:
/// sanitized text needs no more escaping and stays the same when sanitized again, and
/// truncation and the cell buffer keep their column budget and wide-character invariants.
@Suite struct SanitizerPropertyTests {
    /// Scalars that break terminals and layouts, with ordinary ones between them.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", " ", "0", "~", "\u{0}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "[", "]", ";", "P", "\\",
        "\u{7F}", "\u{80}", "\u{9B}", "\u{9C}", "\u{9D}", "\u{AD}", "é", "\u{301}", "\u{20DD}", "\u{200B}", "\u{200D}",
        "\u{200E}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{FE0F}", "\u{FE0E}", "\u{FEFF}", "\u{E000}",
        "\u{FFFD}", "漢", "字", "ｶ", "한", "🙂", "🧑", "🌾", "👍", "\u{1F3FD}", "🇫", "🇷", "#", "\u{20E3}",
        "\u{E0001}", "\u{E0067}", "\u{1F3F4}", "\u{0E33}", "\u{0915}", "\u{094D}", "\u{0937}",
    ]

    static func randomText(_ random: inout SeededRandomGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &random) {
            scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
        }
        return String(scalars)
    }

    @Test func sanitizedTextIsSafeStableAndWithinItsBudget() {
        var random = SeededRandomGenerator(seed: 2026)
        for round in 0..<20_000 {
            let text = Self.randomText(&random)
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
            let safe = Sanitizer.sanitize(text)
            #expect(!safe.contains(where: Sanitizer.needsEscaping), "round \(round): unsafe after sanitizing \(scalars)")
            #expect(Sanitizer.sanitize(safe) == safe, "round \(round): sanitizing twice changed \(scalars)")

            let budget = Int.random(in: 0..<40, using: &random)
            let cut = DisplayWidth.truncate(text, to: budget)
            #expect(DisplayWidth.of(cut) <= budget, "round \(round): truncated past \(budget): \(scalars)")

            var buffer = CellBuffer(size: Size(width: 24, height: 2))
            let x = Int.random(in: -3..<27, using: &random)
            let advanced = buffer.put(text, at: Point(x: x, y: 0), maxWidth: budget)
            #expect(advanced <= budget, "round \(round): put past \(budget): \(scalars)")
            let problems = buffer.invariantViolations()
            #expect(problems.isEmpty, "round \(round): \(problems) for \(scalars)")
            if !problems.isEmpty { break }
        }
    }
}
