import Flow
import Foundation
import Testing
import TUI
@testable import Demos

/// The chapter's four routes through the colour editor, headless.
@Suite struct ColorboardFlowTests {
    func editor(_ driver: FlowDriver) throws -> ColorViewController {
        try #require(driver.top as? ColorViewController)
    }

    @Test func aNewColourStartsBlueAndIsSavedWhenDoneDismisses() throws {
        let demo = try RunningDemo("colorboard")
        let driver = demo.driver
        #expect(driver.stack == ["Colors"])
        let before = try demo.store.colors()
        try driver.tapBarButton("+")
        #expect(driver.presentationDepth == 1)
        let editor = try editor(driver)
        #expect(editor.textField?.text == "Blue")
        #expect(editor.view.backgroundColor == RGBColor(red: 0, green: 0, blue: 1))
        #expect(driver.barButtons.map(\.displayTitle) == ["Cancel", "Done"])
        editor.redSlider?.setValue(1)
        #expect(editor.view.backgroundColor == RGBColor(red: 1, green: 0, blue: 1))
        #expect(editor.valueLabel?.text.contains("#FF00FF") == true)
        try driver.type("Magenta")
        try driver.tapBarButton("Done")
        #expect(driver.presentationDepth == 0)
        let after = try demo.store.colors()
        #expect(after.count == before.count + 1)
        let added = try #require(after.last)
        #expect(added.name == "Magenta" && added.red == 1 && added.blue == 1)
        // The palette reloaded as it reappeared.
        #expect(driver.rowTitles().last == "Magenta")
        #expect(driver.cell(at: IndexPath(row: after.count - 1, section: 0))?.swatch == RGBColor(red: 1, green: 0, blue: 1))
    }

    @Test func anExistingColourHasBackOnlyAndIsSavedOnTheWayBack() throws {
        let demo = try RunningDemo("colorboard")
        let driver = demo.driver
        let first = try #require(try demo.store.colors().first)
        try driver.tapRow(first.name)
        #expect(driver.stack == ["Colors", "Color"])
        let editor = try editor(driver)
        #expect(editor.existingColor)
        #expect(driver.barButtons.isEmpty)
        #expect(editor.textField?.text == first.name)
        editor.greenSlider?.setValue(0.5)
        try driver.tapBack()
        let saved = try #require(try demo.store.color(id: first.id))
        #expect(saved.green == 0.5)
    }

    @Test func cancelOnANewColourDiscardsIt() throws {
        let demo = try RunningDemo("colorboard")
        let before = try demo.store.colors().count
        try demo.driver.tapBarButton("+")
        #expect(try demo.store.colors().count == before + 1)
        try demo.driver.tapBarButton("Cancel")
        #expect(try demo.store.colors().count == before)
        #expect(demo.driver.rowTitles().count == before)
    }

    @Test func anEmptyNameReadsUntitledAndIsKept() throws {
        let demo = try RunningDemo("colorboard")
        try demo.driver.tapBarButton("+")
        try demo.driver.type("")
        try demo.driver.tapBarButton("Done")
        #expect(demo.driver.rowTitles().last == "Untitled")
        #expect(try demo.store.colors().last?.name == "")
    }

    @Test func deletingAColourAsksFirst() throws {
        let demo = try RunningDemo("colorboard")
        let before = try demo.store.colors()
        demo.driver.table?.selectedIndexPath = IndexPath(row: 0, section: 0)
        let delete = try #require(demo.driver.top.keyCommands.first { $0.input == "d" })
        delete.action()
        try demo.driver.tapAlertAction("Delete")
        #expect(try demo.store.colors().map(\.id) == before.dropFirst().map(\.id))
    }

    @Test func quittingWhileEditingSavesTheEdit() throws {
        let demo = try RunningDemo("colorboard")
        let first = try #require(try demo.store.colors().first)
        try demo.driver.tapRow(first.name)
        try demo.driver.type("Renamed")
        demo.application.prepareForTermination()
        #expect(try demo.store.color(id: first.id)?.name == "Renamed")
    }

    @Test(arguments: [false, true])
    func theEditorComesBackAfterARelaunch(pushed: Bool) throws {
        let demo = try RunningDemo("colorboard")
        if pushed {
            try demo.driver.tapRow(try #require(try demo.store.colors().first).name)
        } else {
            try demo.driver.tapBarButton("+")
        }
        let editor = try editor(demo.driver)
        editor.blueSlider?.setValue(0.25)
        try demo.driver.type("Dusk")
        let state = try #require(demo.application.encodeRestorationState())

        let relaunched = try RunningDemo("colorboard", directory: demo.directory, launch: false)
        try relaunched.application.restoreState(from: state, storyboard: relaunched.storyboard)
        let restored = try self.editor(relaunched.driver)
        #expect(restored.textField?.text == "Dusk")
        #expect(restored.blueSlider?.value == 0.25)
        #expect(restored.existingColor == pushed)
        #expect(relaunched.driver.presentationDepth == (pushed ? 0 : 1))
        if pushed {
            #expect(relaunched.driver.stack == ["Colors", "Color"])
            try relaunched.driver.tapBack()
        } else {
            try relaunched.driver.tapBarButton("Done")
        }
        #expect(relaunched.driver.stack == ["Colors"])
        #expect(relaunched.driver.rowTitles().contains("Dusk"))
    }

    @Test func theFocusComesBackToTheSliderAfterARelaunch() throws {
        let demo = try RunningDemo("colorboard")
        let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 24))
        pilot.press(.down, .enter)
        let editor = try editor(demo.driver)
        // From the name field, Tab to the sliders: the user leaves on the second one.
        pilot.press(.tab, .tab)
        let slider = try #require(pilot.shell.lastFrame.focusedView as? Slider)
        #expect(slider !== editor.textField)
        pilot.shell.recordFocusForRestoration()
        demo.application.prepareForTermination()
        let state = try #require(demo.application.encodeRestorationState())

        let relaunched = try RunningDemo("colorboard", directory: demo.directory, launch: false)
        try relaunched.application.restoreState(from: state, storyboard: relaunched.storyboard)
        let again = Pilot(application: relaunched.application, size: Size(width: 80, height: 24))
        let focused = try #require(again.shell.lastFrame.focusedView)
        #expect(focused.id == slider.id, "the focus is on \(focused.id), not the slider \(slider.id)")
        // And it stays there as the user goes on.
        again.press(.right)
        #expect(again.shell.lastFrame.focusedView?.id == slider.id)
    }
}
