import Testing
@testable import TUI

@Suite struct MemoryTerminalTests {
    @Test func keysComeOutInOrderThenNil() throws {
        let terminal = MemoryTerminal()
        terminal.enqueue(.up, .enter)
        terminal.type("hi")
        try terminal.enqueue(notation: "<C-s>")
        #expect(terminal.pendingKeys == [.up, .enter, .char("h"), .char("i"), .ctrl("s")])
        var read: [Key] = []
        while let key = terminal.readKey() { read.append(key) }
        #expect(read == [.up, .enter, .char("h"), .char("i"), .ctrl("s")])
        #expect(terminal.readKey() == nil)
    }

    @Test func resizeChangesTheSizeAndQueuesAnEvent() {
        let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
        terminal.resize(to: Size(width: 20, height: 5))
        #expect(terminal.size == Size(width: 20, height: 5))
        #expect(terminal.readKey() == .resize)
    }

    @Test func recordsFramesUpToTheLimit() {
        let terminal = MemoryTerminal(size: Size(width: 4, height: 1), frameLimit: 2)
        #expect(terminal.lastFrame == nil)
        #expect(terminal.screenText == "")
        for text in ["a", "b", "c"] {
            terminal.draw(CellBuffer(lines: [text + "   "]))
        }
        #expect(terminal.frameCount == 3)
        #expect(terminal.frames.map(\.text) == ["b   ", "c   "])
        #expect(terminal.screenText == "c   ")
    }

    @Test func idleHookCanAnswerTheScreen() {
        let terminal = MemoryTerminal()
        var asked = 0
        terminal.whenIdle = { terminal in
            asked += 1
            if asked == 1 { terminal.enqueue(.escape) }
        }
        #expect(terminal.readKey() == .escape)
        #expect(terminal.readKey() == nil)
        #expect(asked == 2)
    }

    @Test func cursorAndShutdown() {
        let terminal = MemoryTerminal()
        terminal.setCursor(Point(x: 3, y: 2))
        #expect(terminal.cursor == Point(x: 3, y: 2))
        terminal.setCursor(nil)
        #expect(terminal.cursor == nil)
        #expect(!terminal.isShutDown)
        terminal.shutdown()
        #expect(terminal.isShutDown)
    }

    @Test func worksThroughTheProtocol() {
        let terminal: any Terminal = MemoryTerminal(size: Size(width: 3, height: 1), colorDepth: .ansi8, isUTF8: false)
        #expect(terminal.colorDepth == .ansi8)
        #expect(!terminal.isUTF8)
        terminal.draw(CellBuffer(lines: ["abc"]))
        #expect((terminal as? MemoryTerminal)?.screenText == "abc")
    }
}
