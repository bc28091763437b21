import Flow
import Testing
import TUI
@testable import Demos

/// The trace panel on the tour's real transitions: each under its own headline, from its first
/// call, as many entries as fit with the rest counted, and the whole of it by scrolling.
@Suite struct TracePanelTests {
    /// The tour on a pilot with the panel on, as `storyboard run tour` shows it.
    private func tour(_ size: Size) throws -> (RunningDemo, Pilot) {
        let demo = try RunningDemo("seguetour")
        let pilot = Pilot(application: demo.application, size: size)
        pilot.shell.showsTrace = true
        pilot.press(.resize)
        return (demo, pilot)
    }

    /// The panel's lines: from its top border to its bottom one.
    private func panel(_ pilot: Pilot) throws -> [String] {
        let lines = pilot.screenLines
        let top = try #require(lines.firstIndex { $0.contains("What just happened") })
        let bottom = try #require(lines.lastIndex { $0.hasPrefix("└") })
        return Array(lines[top...bottom])
    }

    @Test func dungeonsCloseShowsTheUnwindFromItsStartAndScrollsToItsEnd() throws {
        let (demo, pilot) = try tour(Size(width: 200, height: 60))
        pilot.press(.down, .down, .enter)
        #expect(demo.application.topViewController is GameViewController)
        pilot.press(.char("c"))
        #expect(demo.application.presentationLayers.count == 1)
        let shown = try panel(pilot).joined(separator: "\n")
        #expect(shown.contains("unwind \"CloseDungeon\": DungeonTabBarController → TourViewController"))
        // The start of the story is there: the prepare and the unwind action first.
        #expect(shown.contains("DungeonTabBarController.prepare(CloseDungeon)"))
        #expect(shown.contains("TourViewController.unwindToTour:"))
        #expect(shown.contains("DungeonTabBarController released"))
        // At 200×60 far more than twelve entries fit.
        let transition = try #require(demo.application.trace.lastTransition)
        let drawn = transition.lines.filter { shown.contains($0) }.count
        #expect(drawn > 12, "\(drawn) of \(transition.lines.count) entries drawn")
    }

    @Test func aLongTransitionSaysHowManyAreHiddenAndScrollsToThem() throws {
        let (demo, pilot) = try tour(Size(width: 90, height: 30))
        pilot.press(.down, .down, .enter, .char("c"))
        let transition = try #require(demo.application.trace.lastTransition)
        let first = try panel(pilot).joined(separator: "\n")
        #expect(first.contains(transition.lines[0]))
        let last = try #require(transition.lines.last)
        #expect(!first.contains(last))
        #expect(first.contains("more, T to read"))
        pilot.press(.char("T"), .end)
        let end = try panel(pilot).joined(separator: "\n")
        #expect(end.contains(last))
        #expect(end.contains("above"))
        #expect(pilot.screenLines.last?.contains("↑↓  scroll") == true)
        // Esc gives the keys back to the screen, and the tour's first screen takes them.
        pilot.press(.escape)
        #expect(pilot.screenLines.last?.contains("Enter  open") == true)
    }

    @Test func serverErrorAfterGameOverIsHeadedByItsOwnPresentation() throws {
        let (demo, pilot) = try tour(Size(width: 120, height: 40))
        pilot.press(.down, .down, .enter)
        for _ in 0..<Hero.maximumLife { pilot.press(.char("-")) }
        #expect(demo.application.topViewController?.displayTitle == "Game Over")
        pilot.press(.char("2"), .enter)
        pilot.press(.char("e"))
        let shown = try panel(pilot).joined(separator: "\n")
        #expect(shown.contains("present: GameViewController → ServerErrorViewController"))
        #expect(!shown.contains("PlayAgain"))
        #expect(!shown.contains("released"))
        // ← goes back to the unwind before it.
        pilot.press(.char("T"), .left)
        #expect(try panel(pilot).joined(separator: "\n").contains("unwind \"PlayAgain\""))
    }

    @Test func statesPushIsHeadedByThePushWithItsEmbedBelow() throws {
        let (_, pilot) = try tour(Size(width: 120, height: 40))
        pilot.press(.down, .down, .down, .enter, .enter)
        let shown = try panel(pilot)
        #expect(shown[1].contains("show \"ShowState\": StatesViewController → StateDetailViewController"))
        #expect(shown.joined().contains("StatesViewController.prepare(ShowState)"))
        #expect(shown.joined().contains("segue embed \"EmbedMap\""))
    }

    @Test func theCopyKeyCopiesTheRowTheTraceOrAFieldButNeverASecureOne() throws {
        let (demo, pilot) = try tour(Size(width: 100, height: 30))
        let terminal = pilot.terminal
        pilot.press(.char("y"))
        #expect(terminal.clipboard.last?.hasPrefix("Events") == true)
        #expect(pilot.shows("copied “Events"))
        pilot.press(.char("T"), .char("y"))
        #expect(terminal.clipboard.last?.contains("\n") == true)
        #expect(pilot.shows("lines to the clipboard"))
        pilot.press(.escape)
        // A field's value.
        pilot.press(.down, .enter, .enter)
        pilot.type("Ada")
        pilot.press(.ctrl("y"))
        #expect(terminal.clipboard.last == "Ada")
        #expect(demo.application.topViewController?.displayTitle == "Name")
    }

    /// A panel with room for one line, scrolled: it put a note above and one below in a line
    /// that held one, and asked for fewer than no entries (a crash the monkey found at 80×15,
    /// in the screen-reader mode's shorter body first).
    @Test func aPanelOfOneLineScrollsItsEntriesOneByOne() throws {
        let (demo, pilot) = try tour(Size(width: 80, height: 15))
        pilot.press(.enter, .char("T"))
        let transition = try #require(demo.application.trace.lastTransition)
        for step in 1...3 {
            pilot.press(.down)
            let shown = try panel(pilot)
            #expect(shown.count == 4, "\(shown)")
            #expect(shown[2].contains(transition.lines[step]), "entry \(step): \(shown)")
        }
        // The same panel in the screen-reader mode, two rows shorter for the announcement.
        pilot.shell.screenReader = true
        pilot.resize(width: 80, height: 17)
        pilot.press(.down)
        #expect(pilot.shows("What just happened"), "\(pilot.screen)")
    }
}

extension TracePanelTests {
    @Test func afterGoingBackToAnOlderTransitionTheNextOneIsShown() throws {
        let (demo, pilot) = try tour(Size(width: 80, height: 40))
        pilot.press(.enter, .escape, .char("T"), .left, .escape)
        let older = try panel(pilot).joined(separator: "\n")
        let before = demo.application.trace.transitions.count
        #expect(older.contains("(\(before - 1) of \(before))"), "\(older)")
        pilot.press(.down, .enter)
        let newest = try #require(demo.application.trace.lastTransition)
        let shown = try panel(pilot).joined(separator: "\n")
        let count = demo.application.trace.transitions.count
        #expect(shown.contains("(\(count) of \(count))"), "\(shown)")
        #expect(shown.contains(newest.headline), "\(shown)")
    }
}

extension TracePanelTests {
    @Test func noTextOfThePanelTouchesItsBorder() throws {
        let (_, pilot) = try tour(Size(width: 50, height: 24))
        pilot.press(.down, .down, .down, .down, .enter)
        for line in try panel(pilot) where line.hasPrefix("│") {
            #expect(line.hasPrefix("│ ") && line.hasSuffix(" │"), "\(line)")
        }
    }
}
