import Flow
import Testing
import TUI
@testable import Demos

/// What a newcomer hit in the shell in the first hour, on the real demos: a delete that
/// happened on Enter, a return key that did nothing, maps drawn double-spaced, a button left
/// off-centre.
@Suite struct FirstHourShellTests {
    @Test func deletingASessionAsksWithCancelFocusedSoEnterKeepsIt() throws {
        let demo = try RunningDemo("dailybuzz")
        let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 24))
        let before = try demo.store.sessionCount()
        pilot.press(.char("d"))
        #expect(pilot.shows("Delete this session?"))
        pilot.press(.enter)
        #expect(!pilot.shows("Delete this session?"))
        #expect(try demo.store.sessionCount() == before)
        // Choosing Delete on purpose still deletes.
        pilot.press(.char("d"), .right, .enter)
        #expect(try demo.store.sessionCount() == before - 1)
    }

    @Test func enterInATextFieldGoesToTheNextFieldThenPressesTheFormsButton() throws {
        let demo = try RunningDemo("seguetour")
        let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 30))
        pilot.press(.down, .enter, .enter)
        #expect(demo.application.topViewController?.displayTitle == "Name")
        #expect(pilot.screenLines.last?.contains("Enter  Next") == true)
        pilot.type("Ada")
        pilot.press(.enter)
        #expect(demo.application.topViewController?.displayTitle == "Email")
        pilot.type("ada@example.com")
        pilot.press(.enter)
        #expect(demo.application.topViewController?.displayTitle == "Confirm")
        #expect(pilot.shows("Ada, ada@example.com"))
    }

    @Test func aMapDrawnWithAStackOfLabelsHasNoBlankLinesBetweenItsRows() throws {
        let demo = try RunningDemo("seguetour")
        let pilot = Pilot(application: demo.application, size: Size(width: 100, height: 30))
        pilot.press(.down, .down, .down, .enter, .enter)
        let lines = pilot.screenLines
        let top = try #require(lines.firstIndex { $0.contains("+------") })
        let bottom = try #require(lines.lastIndex { $0.contains("+------") })
        #expect(bottom - top >= 4)
        for row in top...bottom {
            #expect(lines[row].contains("|") || lines[row].contains("+"), "row \(row) of the map is blank: \(pilot.screen)")
        }
    }

    @Test func gameOversButtonIsCentredLikeItsText() throws {
        let demo = try RunningDemo("seguetour")
        let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 24))
        pilot.press(.down, .down, .enter)
        for _ in 0..<3 { try #require(demo.application.topViewController?.keyCommands.first { $0.input == "-" }).action() }
        pilot.press(.resize)
        let lines = pilot.screenLines
        func centre(of text: String) throws -> Int {
            let line = try #require(lines.first { $0.contains(text) })
            let start = line.distance(from: line.startIndex, to: try #require(line.range(of: text)).lowerBound)
            return start + text.count / 2
        }
        let title = try centre(of: "GAME OVER")
        let button = try centre(of: "[ Play Again ]")
        #expect(abs(title - button) <= 1, "\(pilot.screen)")
    }
}

extension FirstHourShellTests {
    @Test func onAShortScreenTheTracePanelGivesWayToTheOnlyButton() throws {
        let demo = try RunningDemo("seguetour", launch: false)
        demo.application.setRootViewController(try demo.storyboard.instantiateViewController(withIdentifier: "ServerError"))
        let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 8))
        pilot.shell.showsTrace = true
        pilot.press(.resize)
        #expect(pilot.shows("[ OK ]"))
        #expect(!pilot.shows("What just happened"))
        #expect(pilot.screenLines.last?.contains("Enter  press") == true)
    }
}
