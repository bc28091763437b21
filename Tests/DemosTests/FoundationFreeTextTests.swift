import Flow
import Foundation
import Testing
@testable import Demos

/// The demos' replacements for full Foundation's text helpers say exactly what those said.
@Suite("Text without full Foundation")
struct FoundationFreeTextTests {
    /// Spaces, tabs, line breaks and separators of every kind, beside ordinary text.
    static let pieces: [String] = [
        " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{2029}", "\u{3000}",
        "\u{200B}", "\u{FEFF}", "a", "é", "e\u{301}", "☕", "🧑‍🌾", "@", ".",
    ]

    @Test func trimmingMatchesFoundationsWhitespaceAndNewlines() {
        var random = SeededRandomGenerator(seed: 24_11_2026)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...6, using: &random))
                .map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.debugDescription)")
            #expect(text.isBlank == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.debugDescription)")
        }
    }

    @Test func fixedDecimalsMatchStringFormat() {
        var random = SeededRandomGenerator(seed: 2_026)
        let chosen: [Double] = [0, 1, 0.125, 0.375, 0.005, 0.015, 0.995, 1.0 / 3, 2.0 / 3, 0.1, 0.44, -0.0, 255]
        let values = chosen + (0..<3_000).map { _ in Double.random(in: 0...1, using: &random) }
        for value in values {
            #expect(DecimalText.fixed(value, digits: 2) == String(format: "%.2f", value), "\(value)")
            #expect(DecimalText.fixed(value * 40 - 20, digits: 1) == String(format: "%.1f", value * 40 - 20), "\(value)")
        }
    }
}
