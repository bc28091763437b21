import Testing
@testable import TUI

@Suite struct AsciiFallbackTests {
    @Test(arguments: [
        ("─", 1, "-"), ("│", 1, "|"), ("┌", 1, "+"), ("╯", 1, "+"), ("═", 1, "-"),
        ("›", 1, ">"), ("…", 1, "."), ("↑", 1, "^"), ("é", 1, "e"), ("Å", 1, "A"), ("ø", 1, "o"), ("ṡ", 1, "s"), ("ß", 1, "?"),
        ("中", 2, "??"), ("🧑‍🌾", 2, "??"), ("x", 1, "x"),
    ] as [(Character, Int, String)])
    func replaces(character: Character, width: Int, expected: String) {
        #expect(AsciiFallback.replacement(for: character, width: width) == expected)
    }

    @Test func keepsTheWidth() {
        for character in ["中", "─", "😀", "é", "a"] as [Character] {
            let width = DisplayWidth.of(character)
            let replacement = AsciiFallback.replacement(for: character, width: width)
            #expect(replacement.count == width)
            #expect(replacement.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
        }
    }
}
