import Foundation
import Testing
@testable import TUI

/// OSC 52: the text a copy puts on the user's clipboard, and when a copy is refused.
@Suite struct ClipboardSequenceTests {
    @Test func base64IsFoundationsForEveryLengthAndByte() {
        var random = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
        }
    }

    @Test func theSequenceCarriesTheTextBase64EncodedToTheClipboardSelection() throws {
        let text = "Kenya AA 205 °F\n\u{1B}]0;evil\u{07} 🧑‍🌾"
        let sequence = try #require(ClipboardSequence.copying(text))
        #expect(sequence.hasPrefix("\u{1B}]52;c;") && sequence.hasSuffix("\u{1B}\\"))
        let payload = sequence.dropFirst("\u{1B}]52;c;".count).dropLast(2)
        #expect(Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) } == text)
        // Nothing of the text itself reaches the terminal: only base64's letters are between.
        #expect(payload.allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) })
    }

    @Test func textLongerThanTerminalsTakeIsRefusedNotCut() {
        #expect(ClipboardSequence.copying(String(repeating: "a", count: ClipboardSequence.maximumBytes)) != nil)
        #expect(ClipboardSequence.copying(String(repeating: "a", count: ClipboardSequence.maximumBytes + 1)) == nil)
    }

    @Test func theMemoryTerminalKeepsWhatWasCopiedAndRefusesAsTheRealOneDoes() {
        let terminal = MemoryTerminal()
        #expect(terminal.copyToClipboard("first"))
        #expect(!terminal.copyToClipboard(String(repeating: "x", count: ClipboardSequence.maximumBytes + 1)))
        #expect(terminal.copyToClipboard(""))
        terminal.shutdown()
        #expect(!terminal.copyToClipboard("after"))
        #expect(terminal.clipboard == ["first", ""])
    }
}

/// OSC 8 links for `check`: when they are written, and the URL of a file.
@Suite struct HyperlinkTests {
    @Test(arguments: [
        (["TERM": "xterm-256color"], true, true), (["TERM": "tmux-256color"], true, true),
        (["TERM": "xterm-256color"], false, false),  // a pipe or a file
        (["TERM": "dumb"], true, false), (["TERM": "linux"], true, false), (["TERM": "vt100"], true, false),
        ([:], true, false), (["TERM": "xterm-256color", "INSIDE_EMACS": "29.1,vterm"], true, false),
    ] as [([String: String], Bool, Bool)])
    func automaticLinksNeedATerminalThatLikelyTakesThem(environment: [String: String], isTerminal: Bool, expected: Bool) {
        #expect(Hyperlink.enabled(.auto, environment: environment, outputIsTerminal: isTerminal) == expected)
        #expect(Hyperlink.enabled(.never, environment: environment, outputIsTerminal: isTerminal) == false)
        #expect(Hyperlink.enabled(.always, environment: [:], outputIsTerminal: false))
    }

    @Test func aFileURLNamesTheHostAndEncodesEverythingButUnreservedCharactersAndSlashes() {
        #expect(Hyperlink.fileURL(path: "/tmp/My Board#1.storyboard", host: "box")
            == "file://box/tmp/My%20Board%231.storyboard")
        #expect(Hyperlink.fileURL(path: "/é/\u{1B}]8;;x", host: "") == "file:///%C3%A9/%1B%5D8%3B%3Bx")
        let relative = Hyperlink.fileURL(path: "./a.storyboard", host: "h")
        let directory = FileManager.default.currentDirectoryPath
        #expect(relative == "file://h" + Hyperlink.percentEncoded(directory, keepingSlash: true) + "/a.storyboard")
    }

    @Test func aLinkWrapsItsTextInOSCEight() {
        #expect(Hyperlink.link("a.sb:1:2", to: "file://h/a.sb") == "\u{1B}]8;;file://h/a.sb\u{1B}\\a.sb:1:2\u{1B}]8;;\u{1B}\\")
    }
}
