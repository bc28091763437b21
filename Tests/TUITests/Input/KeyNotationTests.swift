import Testing
@testable import TUI

@Suite struct KeyNotationTests {
    @Test func namedKeysCharactersAndControls() throws {
        #expect(try KeyNotation.parse("<Up>x<C-s><lt>") == [.up, .char("x"), .ctrl("s"), .char("<")])
    }

    @Test func everyNamedKey() throws {
        let text = "<Up><Down><Left><Right><Enter><Esc><Tab><BackTab><Backspace><Delete>"
            + "<Home><End><PageUp><PageDown><Space><Insert><F1><F12>"
        #expect(try KeyNotation.parse(text) == [
            .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete,
            .home, .end, .pageUp, .pageDown, .char(" "), .insert, .function(1), .function(12),
        ])
    }

    @Test func namesIgnoreCaseAndHaveAliases() throws {
        #expect(try KeyNotation.parse("<up><DOWN><cr><Return><esc><s-tab><bs><del><PgUp><pgdn>") == [
            .up, .down, .enter, .enter, .escape, .backTab, .backspace, .delete, .pageUp, .pageDown,
        ])
    }

    @Test func controlChordsMatchWhatATerminalSends() throws {
        #expect(try KeyNotation.parse("<C-a><C-S><C-i><C-m><C-[><C-h><C-Space><C-\\>") == [
            .ctrl("a"), .ctrl("s"), .tab, .enter, .escape, .backspace, .ctrl("@"), .ctrl("\\"),
        ])
    }

    @Test func plainCharactersTypeThemselves() throws {
        #expect(try KeyNotation.parse("a b>中🧑‍🌾") == [
            .char("a"), .char(" "), .char("b"), .char(">"), .char("中"), .char("🧑‍🌾"),
        ])
        #expect(try KeyNotation.parse("a\nb\t") == [.char("a"), .enter, .char("b"), .tab])
        #expect(try KeyNotation.parse("") == [])
    }

    @Test func unknownNameIsAnErrorWithItsOffset() {
        #expect(throws: KeyNotationError(offset: 2, reason: .unknownName("Foo"))) {
            try KeyNotation.parse("ab<Foo>")
        }
        #expect(throws: KeyNotationError(offset: 4, reason: .unknownName("Bad"))) {
            try KeyNotation.parse("<Up><Bad>")
        }
        #expect(throws: KeyNotationError(offset: 0, reason: .unknownName("F0"))) {
            try KeyNotation.parse("<F0>")
        }
        #expect(throws: KeyNotationError(offset: 0, reason: .unknownName("F21"))) {
            try KeyNotation.parse("<F21>")
        }
        #expect(throws: KeyNotationError(offset: 0, reason: .unknownName(""))) {
            try KeyNotation.parse("<>")
        }
    }

    @Test func unclosedBracketIsAnError() {
        #expect(throws: KeyNotationError(offset: 1, reason: .unclosed)) {
            try KeyNotation.parse("x<Up")
        }
        #expect(throws: KeyNotationError(offset: 2, reason: .unclosed)) {
            try KeyNotation.parse("a <b")
        }
    }

    @Test func controlWithoutACodeIsAnError() {
        #expect(throws: KeyNotationError(offset: 0, reason: .noControlKey("1"))) {
            try KeyNotation.parse("<C-1>")
        }
        #expect(throws: KeyNotationError(offset: 0, reason: .noControlKey("ab"))) {
            try KeyNotation.parse("<C-ab>")
        }
    }

    @Test func errorMessagesSayWhereAndHow() {
        let error = KeyNotationError(offset: 3, reason: .unknownName("Fo\u{1B}o"))
        #expect(error.description == "offset 3: unknown key <Fo^[o>; write <lt> for a literal \"<\"")
        #expect(KeyNotationError(offset: 0, reason: .unclosed).description.contains("<lt>"))
    }

    @Test func notationRoundTrips() throws {
        let keys: [Key] = [
            .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home,
            .end, .pageUp, .pageDown, .insert, .function(7), .ctrl("x"), .ctrl("@"), .char("<"),
            .char(" "), .char("é"), .char("中"),
        ]
        let text = keys.compactMap(\.notation).joined()
        #expect(try KeyNotation.parse(text) == keys)
        #expect(Key.resize.notation == nil)
        #expect(Key.paste("x").notation == nil)
    }

    @Test func displayNames() {
        #expect(Key.up.displayName == "↑")
        #expect(Key.enter.displayName == "Enter")
        #expect(Key.escape.displayName == "Esc")
        #expect(Key.ctrl("s").displayName == "^S")
        #expect(Key.pageDown.displayName == "PgDn")
        #expect(Key.function(5).displayName == "F5")
        #expect(Key.char(" ").displayName == "Space")
        #expect(Key.char("q").displayName == "q")
    }
}
