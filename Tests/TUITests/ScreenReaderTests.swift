import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// `Tests/Corpus/Accessible.storyboard`, a small app whose authors labelled it for VoiceOver:
/// image buttons, bar buttons and a tab with labels and hints, a switch, a slider, rows with
/// traits, decoration taken out of accessibility, one image-only bar button left unlabelled.
struct AccessibleApp {
    static let url = MonkeyCorpusTests.testsFolder.appendingPathComponent("Corpus/Accessible.storyboard")

    let application: Application
    let pilot: Pilot

    init(screenReader: Bool, size: Size = Size(width: 80, height: 24)) throws {
        application = Application(storyboardDirectories: [Self.url.deletingLastPathComponent()])
        application.isScreenReaderRunning = screenReader
        _ = try FlowDriver.launch(application.storyboard(contentsOf: Self.url))
        pilot = Pilot(application: application, size: size)
    }

    /// The announcement's rows (the two above the footer), as one text.
    var announcement: String {
        pilot.screenLines.dropLast().suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The character under the terminal's cursor, and the rest of its row from there.
    var underCursor: String? {
        guard let cursor = pilot.terminal.cursor, pilot.screenLines.indices.contains(cursor.y) else { return nil }
        return String(pilot.screenLines[cursor.y].dropFirst(cursor.x))
    }
}

/// The fixture's screens in both modes, as text.
@Suite struct AccessibleAppSnapshotTests {
    static let screens: [(name: String, keys: String)] = [
        ("brews", ""), ("brews-house-blend", "<Down>"), ("settings", "2"), ("settings-slider", "2<Tab><Right>"),
        ("add-sheet", "a"), ("brew-details", "<Enter>"), ("help", "?"),
    ]

    @Test(arguments: screens.map(\.name))
    func eachScreenInBothModes(name: String) throws {
        let keys = try #require(Self.screens.first { $0.name == name }?.keys)
        for screenReader in [false, true] {
            let app = try AccessibleApp(screenReader: screenReader)
            try app.pilot.press(notation: keys)
            assertSnapshot(app.pilot.screen, named: "accessible-\(name)\(screenReader ? "-screen-reader" : "")")
        }
    }
}

/// What every mode gets: labels in place of image names, identifiers never shown.
@Suite struct AccessibilityLabelTests {
    @Test func imageOnlyControlsShowTheirLabelsElseTheirImagesNames() throws {
        let app = try AccessibleApp(screenReader: false)
        let bar = try #require(app.pilot.screenLines.first)
        #expect(bar.contains("+ Add brew (a)"), "the plus symbol's glyph and its label: \(bar)")
        #expect(bar.contains("≡ (n)"), "an unlabelled symbol's glyph: \(bar)")
        #expect(!bar.contains("plus") && !bar.contains("line.3.horizontal.decrease"))
        app.pilot.press(.char("2"))
        #expect(app.pilot.shows("[ ⓘ About ]"), "the image button's label, beside its symbol's glyph")
        #expect(!app.pilot.shows("info.circle"))
        #expect(app.pilot.shows("[Coffee beans]"), "an app's image by its label, not its name")
        #expect(!app.pilot.shows("[beans]"))
        #expect(app.pilot.shows("2 Settings"), "the image-only tab's label")
    }

    @Test func identifiersAreNeverShownOrSpoken() throws {
        for screenReader in [false, true] {
            let app = try AccessibleApp(screenReader: screenReader)
            var screens = [app.pilot.screen]
            for keys in ["<Enter>", "<Esc>2", "<Tab>", "<Tab>", "<Tab>"] {
                try app.pilot.press(notation: keys)
                screens.append(app.pilot.screen)
            }
            #expect(app.pilot.click(on: "About"))
            screens.append(app.pilot.screen)
            #expect(screens.last?.contains("Brew Timer 1.0") == true, "the About button was reached: \(screens.last ?? "")")
            for screen in screens {
                for identifier in ["kenyaRow", "soundSwitch", "aboutButton"] {
                    #expect(!screen.contains(identifier), "\(identifier) on \(screen)")
                }
            }
        }
    }
}

/// The screen-reader mode on a memory terminal: cursor, announcement, words for state.
@Suite struct ScreenReaderModeTests {
    @Test func theCursorIsOnTheFocusedRowsTextAndTheAnnouncementNamesItAfterEachArrow() throws {
        let app = try AccessibleApp(screenReader: true)
        #expect(app.announcement.hasPrefix("Brews, tab 1 of 2, list, 3 rows. Kenya AA, brewed at 203 degrees, button, row 1 of 3"), "\(app.announcement)")
        #expect(app.announcement.hasSuffix("Shows the brew's details."), "\(app.announcement)")
        #expect(app.underCursor?.hasPrefix("Kenya AA") == true, "\(String(describing: app.underCursor))")
        let expected = [
            ("House Blend", "House Blend, row 2 of 3, selected"),
            ("Decaf", "Decaf, row 3 of 3. Not brewed yet."),
        ]
        for (row, announced) in expected {
            app.pilot.press(.down)
            #expect(app.underCursor?.hasPrefix(row) == true, "\(row): \(String(describing: app.underCursor))")
            #expect(app.announcement == announced, "\(app.announcement)")
            let cursor = try #require(app.pilot.terminal.cursor)
            #expect(app.pilot.screenLines[cursor.y].dropFirst(cursor.x - 1).first == ">", "the focus is marked: \(app.pilot.screenLines[cursor.y])")
        }
        app.pilot.press(.up)
        #expect(app.underCursor?.hasPrefix("House Blend") == true)
    }

    @Test func controlsAreAnnouncedByLabelRoleValueAndHint() throws {
        let app = try AccessibleApp(screenReader: true)
        app.pilot.press(.char("2"))
        #expect(app.announcement == "Settings, tab 2 of 2, form, 5 controls. Sound effects, switch, on. Plays a sound when a brew is done.")
        #expect(app.underCursor?.hasPrefix("on]") == true, "\(String(describing: app.underCursor))")
        app.pilot.press(.char(" "))
        #expect(app.announcement == "Sound effects, switch, off. Plays a sound when a brew is done.")
        #expect(app.pilot.shows(">[off]"))
        app.pilot.press(.tab, .right)
        #expect(app.announcement == "Brew strength, slider, 0.51. Left and Right make it weaker or stronger.")
        #expect(app.underCursor?.hasPrefix("0.51 (0.00 to 1.00)") == true, "\(String(describing: app.underCursor))")
        app.pilot.press(.tab)
        #expect(app.announcement == "Brewer's name, text field, Your name")
        app.pilot.type("Ada")
        #expect(app.announcement == "Brewer's name, text field, Ada")
        #expect(app.pilot.terminal.cursor == app.pilot.shell.lastFrame.cursor, "typing keeps the text cursor")
        app.pilot.press(.tab)
        #expect(app.announcement == "About, button. Shows the app's version.")
        #expect(app.underCursor?.hasPrefix("About ]") == true)
    }

    @Test func elementsTakenOutOfAccessibilityAreSkippedUnlessTheyDoSomething() throws {
        let reader = try AccessibleApp(screenReader: true)
        reader.pilot.press(.char("2"))
        var announced: [String] = []
        for _ in 0..<5 {
            reader.pilot.press(.tab)
            announced.append(reader.announcement)
        }
        // Sparkles is taken out and wired to nothing; Reset is taken out but has an action.
        #expect(!announced.contains { $0.contains("Sparkles") }, "\(announced)")
        #expect(announced.contains("Reset, button. Puts every setting back."), "\(announced)")
        #expect(!reader.pilot.shows("[steam]"), "decoration is not shown to a reader")
        #expect(reader.pilot.shell.lastFrame.focusables.count == 5)
        // Without a reader, every control takes the focus, and the decoration shows.
        let sighted = try AccessibleApp(screenReader: false)
        sighted.pilot.press(.char("2"))
        #expect(sighted.pilot.shell.lastFrame.focusables.count == 6)
        #expect(sighted.pilot.shows("[steam]"))
    }

    @Test func aNewSceneIsAnnouncedWithItsTitleKindAndSizeOnce() throws {
        let app = try AccessibleApp(screenReader: true)
        app.pilot.press(.enter)
        #expect(app.announcement == "Brew Details, tab 1 of 2, screen", "\(app.announcement)")
        #expect(app.pilot.terminal.cursor?.y == app.pilot.screenLines.count - 3, "no focus: the cursor is on the announcement")
        app.pilot.press(.escape)
        #expect(app.announcement.hasPrefix("Brews, tab 1 of 2, list, 3 rows. Kenya AA"), "\(app.announcement)")
        app.pilot.press(.char("a"))
        #expect(app.announcement == "Add Brew, form, 1 control. Coffee, text field, e.g. Kenya AA", "\(app.announcement)")
        #expect(app.pilot.screenLines.first?.hasPrefix("Cancel (Esc)") == true, "the sheet alone, its keys in words: \(app.pilot.screenLines[0])")
        #expect(!app.pilot.shows("TODAY"), "nothing of the screen under the sheet")
    }

    @Test func theAnnouncementLineChangesOnlyWhenTheAnnouncementDoes() throws {
        let app = try AccessibleApp(screenReader: true)
        app.pilot.press(.down)
        let before = app.pilot.screenLines.suffix(3)
        app.pilot.press(.char("x"))
        app.pilot.press(.char("z"))
        #expect(app.pilot.screenLines.suffix(3) == before)
    }

    @Test func noBoxDrawingOrBlockCharacterAndTheFooterInWords() throws {
        let app = try AccessibleApp(screenReader: true)
        for keys in ["", "?", "<Esc>g", "<Esc>a", "<Esc>2", "<Tab>"] {
            try app.pilot.press(notation: keys)
            let frame = try #require(app.pilot.terminal.lastFrame)
            #expect(ScreenReaderCheck.violation(frame, cursor: app.pilot.terminal.cursor) == nil, "\(keys): \(app.pilot.screen)")
            let footer = try #require(app.pilot.screenLines.last)
            #expect(!footer.contains(where: { "↑↓←→⇧^".contains($0) }), "\(footer)")
        }
        let sighted = try AccessibleApp(screenReader: false)
        #expect(sighted.pilot.screen.contains("─"), "the same screen draws its lines for sighted users")
        #expect(ScreenReaderCheck.violation(try #require(sighted.pilot.terminal.lastFrame), cursor: nil) != nil)
    }

    @Test func theGallerysScreensHaveNoDrawnLinesForAReader() throws {
        let screens: [(String, [ControllerSpec], String, [Key])] = [
            ("cell styles", [Scene.navigation("N", root: "Styles"), Gallery.cellStyles], "N", []),
            ("grouped", [Scene.navigation("N", root: "Grouped"), Gallery.grouped], "N", []),
            ("inset", [Scene.navigation("N", root: "Inset"), Gallery.inset], "N", []),
            ("form", [Scene.navigation("N", root: "Form"), Gallery.form], "N", [.char("A"), .tab]),
            ("help", [Scene.navigation("N", root: "Grouped"), Gallery.grouped], "N", [.char("?")]),
            ("overview", [Scene.navigation("N", root: "Grouped"), Gallery.grouped], "N", [.char("g")]),
            ("tabs", [Scene.tabs("T", ["N1", "N2"]), Scene.navigation("N1", root: "Grouped"), Gallery.grouped,
                      Scene.navigation("N2", root: "Styles"), Gallery.cellStyles], "T", [.char("2")]),
        ]
        for (name, scenes, initial, keys) in screens {
            let fixture = PilotFixture(scenes, initial: initial, size: Size(width: 80, height: 24))
            fixture.application.isScreenReaderRunning = true
            fixture.pilot.press(.resize)
            for key in keys { fixture.pilot.press(key) }
            let frame = try #require(fixture.pilot.terminal.lastFrame)
            #expect(ScreenReaderCheck.violation(frame, cursor: fixture.pilot.terminal.cursor) == nil, "\(name): \(fixture.pilot.screen)")
            fixture.application.isScreenReaderRunning = false
            fixture.pilot.press(.resize)
            #expect(fixture.pilot.screen.contains(where: { (0x2500...0x259F).contains($0.unicodeScalars.first!.value) }), "\(name) draws lines without a reader")
        }
    }

    @Test func anAlertAndASheetAreDrawnAloneAndAnnounced() throws {
        let fixture = PilotFixture([Scene.navigation("N", root: "Grouped"), Gallery.grouped], initial: "N", size: Size(width: 80, height: 24))
        fixture.application.isScreenReaderRunning = true
        let alert = AlertController(title: "Delete this session?", message: "Kenya AA, 203 °F")
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Delete", style: .destructive))
        fixture.application.topViewController?.present(alert)
        fixture.pilot.press(.resize)
        let lines = fixture.pilot.screenLines
        #expect(lines.dropLast().suffix(2).joined(separator: " ").contains("Alert: Delete this session? Kenya AA, 203 °F. Cancel, button, 1 of 2"), "\(fixture.pilot.screen)")
        let cursor = try #require(fixture.pilot.terminal.cursor)
        #expect(lines[cursor.y].dropFirst(cursor.x).hasPrefix("Cancel ]"), "\(lines[cursor.y])")
        fixture.pilot.press(.right)
        #expect(fixture.pilot.screenLines.dropLast().suffix(2).joined(separator: " ").contains("Delete, button, 2 of 2, destructive"))
        #expect(ScreenReaderCheck.violation(try #require(fixture.pilot.terminal.lastFrame), cursor: fixture.pilot.terminal.cursor) == nil)
    }

    @Test func theModeCanBeTurnedOnAndOffWhileRunning() throws {
        let app = try AccessibleApp(screenReader: false)
        #expect(app.pilot.terminal.cursor == nil)
        app.pilot.shell.screenReader = true
        app.pilot.press(.down)
        #expect(app.underCursor?.hasPrefix("House Blend") == true)
        app.pilot.shell.screenReader = false
        app.pilot.press(.down)
        #expect(app.pilot.terminal.cursor == nil)
        #expect(app.pilot.screen.contains("─"))
    }
}

/// The words for symbols, and the announcement, as pure functions.
@Suite struct SpokenTextTests {
    @Test func keyLabelsBecomeWords() {
        #expect(SpokenText.keys("↑↓") == "Up/Down")
        #expect(SpokenText.keys("←→") == "Left/Right")
        #expect(SpokenText.keys("→/i") == "Right/i")
        #expect(SpokenText.keys("⇧Tab") == "Shift-Tab")
        #expect(SpokenText.keys("^S") == "Ctrl-S")
        #expect(SpokenText.keys("Done ^S") == "Done Ctrl-S")
        #expect(SpokenText.keys("M-r") == "Alt-r")
        #expect(SpokenText.keys("Enter") == "Enter")
        #expect(SpokenText.keys("1-9") == "1-9")
        #expect(SpokenText.keys("Mode") == "Mode")
        #expect(SpokenText.help("‹ Sessions") == "back to Sessions")
        #expect(SpokenText.prose("show: List → Detail") == "show: List to Detail")
        #expect(SpokenText.name(of: .backTab) == "Shift-Tab")
        #expect(SpokenText.name(of: .ctrl("c")) == "Ctrl-C")
    }

    @Test func theAnnouncementIsAFunctionOfTheFrameAndTheState() throws {
        let app = try AccessibleApp(screenReader: true)
        let frame = app.pilot.shell.lastFrame
        let first = Announcement.text(for: frame, application: app.application, state: app.pilot.shell.state)
        #expect(first == Announcement.text(for: frame, application: app.application, state: app.pilot.shell.state))
        #expect(first.hasPrefix("Brews, tab 1 of 2, list, 3 rows. "))
        // Once a key was pressed on the scene, the scene is no longer announced.
        app.pilot.press(.char("x"))
        let later = Announcement.text(for: app.pilot.shell.lastFrame, application: app.application, state: app.pilot.shell.state)
        #expect(later == "Kenya AA, brewed at 203 degrees, button, row 1 of 3. Shows the brew's details.")
        #expect(Announcement.kindName(of: ScrollView(id: "s")) == "scroll view")
    }
}
