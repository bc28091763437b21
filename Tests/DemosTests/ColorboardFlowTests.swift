import Flow
import Foundation
import Testing
import TestSupport
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
        let flow = try NavigationStore(driver: driver, state: Self.palette, trace: Self.launch)
        #expect(driver.stack == ["Colors"])
        let before = try demo.store.colors()
        try flow.step(.tapBarButton("+"), state: Self.newEditor, trace: Self.newColor)
        let editor = try editor(driver)
        #expect(editor.textField?.text == "Blue")
        #expect(editor.view.backgroundColor == RGBColor(red: 0, green: 0, blue: 1))
        #expect(driver.barButtons.map(\.displayTitle) == ["Cancel", "Done"])
        try flow.step(.perform("red to 1", { _ in editor.redSlider?.setValue(1) }), state: Self.newEditor, trace: [
            "BNRColorViewController ← changeColor:",
        ])
        #expect(editor.view.backgroundColor == RGBColor(red: 1, green: 0, blue: 1))
        #expect(editor.valueLabel?.text.contains("#FF00FF") == true)
        try flow.step(.type("Magenta", into: nil), state: Self.newEditor, trace: [])
        try flow.step(.tapBarButton("Done"), state: Self.palette, trace: Self.doneDismisses)
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
        let flow = try NavigationStore(driver: driver, state: Self.palette, trace: Self.launch)
        let first = try #require(try demo.store.colors().first)
        try flow.step(.tapRow(first.name), state: Self.pushedEditor, trace: Self.existingColor)
        #expect(driver.stack == ["Colors", "Color"])
        let editor = try editor(driver)
        #expect(editor.existingColor)
        #expect(driver.barButtons.isEmpty)
        #expect(editor.textField?.text == first.name)
        try flow.step(.perform("green to 0.5", { _ in editor.greenSlider?.setValue(0.5) }), state: Self.pushedEditor, trace: [
            "BNRColorViewController ← changeColor:",
        ])
        try flow.step(.back, state: Self.palette, trace: [
            "pop BNRColorViewController → BNRPaletteViewController",
            "BNRColorViewController.viewWillDisappear",
            "BNRPaletteViewController.viewWillAppear",
            "BNRColorViewController.viewDidDisappear",
            "BNRPaletteViewController.viewDidAppear",
            "BNRColorViewController released",
        ])
        let saved = try #require(try demo.store.color(id: first.id))
        #expect(saved.green == 0.5)
    }

    @Test func cancelOnANewColourDiscardsIt() throws {
        let demo = try RunningDemo("colorboard")
        let flow = try NavigationStore(driver: demo.driver, state: Self.palette, trace: Self.launch)
        let before = try demo.store.colors().count
        try flow.step(.tapBarButton("+"), state: Self.newEditor, trace: Self.newColor)
        #expect(try demo.store.colors().count == before + 1)
        try flow.step(.tapBarButton("Cancel"), state: Self.palette, trace: [
            "BNRColorViewController ← cancel:",
            "dismiss BNRColorViewController → BNRPaletteViewController",
        ] + Self.editorCloses)
        #expect(try demo.store.colors().count == before)
        #expect(demo.driver.rowTitles().count == before)
    }

    @Test func anEmptyNameReadsUntitledAndIsKept() throws {
        let demo = try RunningDemo("colorboard")
        let flow = try NavigationStore(driver: demo.driver, state: Self.palette, trace: Self.launch)
        try flow.step(.tapBarButton("+"), state: Self.newEditor, trace: Self.newColor)
        try flow.step(.type("", into: nil), state: Self.newEditor, trace: [])
        try flow.step(.tapBarButton("Done"), state: Self.palette, trace: Self.doneDismisses)
        #expect(demo.driver.rowTitles().last == "Untitled")
        #expect(try demo.store.colors().last?.name == "")
    }

    @Test func deletingAColourAsksFirst() throws {
        let demo = try RunningDemo("colorboard")
        let flow = try NavigationStore(driver: demo.driver, state: Self.palette, trace: Self.launch)
        let before = try demo.store.colors()
        demo.driver.table?.selectedIndexPath = IndexPath(row: 0, section: 0)
        try flow.step(.keyCommand("d"), state: "Navigation[BNRPaletteViewController] ⇒ overFullScreen Alert AlertController", trace: [
            "present BNRPaletteViewController → AlertController",
            "AlertController.viewDidLoad",
            "AlertController.viewWillAppear",
            "AlertController.viewDidAppear",
        ])
        try flow.step(.tapAlertAction("Delete"), state: Self.palette, trace: [
            "AlertController ← alert:Delete",
            "dismiss AlertController → BNRPaletteViewController",
            "AlertController.viewWillDisappear",
            "AlertController.viewDidDisappear",
            "AlertController released",
        ])
        #expect(try demo.store.colors().map(\.id) == before.dropFirst().map(\.id))
    }

    @Test func quittingWhileEditingSavesTheEdit() throws {
        let demo = try RunningDemo("colorboard")
        let flow = try NavigationStore(driver: demo.driver, state: Self.palette, trace: Self.launch)
        let first = try #require(try demo.store.colors().first)
        try flow.step(.tapRow(first.name), state: Self.pushedEditor, trace: Self.existingColor)
        try flow.step(.type("Renamed", into: nil), state: Self.pushedEditor, trace: [])
        try flow.step(.perform("terminate", { $0.application.prepareForTermination() }), state: Self.pushedEditor, trace: [])
        #expect(try demo.store.color(id: first.id)?.name == "Renamed")
    }

    @Test(arguments: [false, true])
    func theEditorComesBackAfterARelaunch(pushed: Bool) throws {
        let demo = try RunningDemo("colorboard")
        let flow = try NavigationStore(driver: demo.driver, state: Self.palette, trace: Self.launch)
        if pushed {
            try flow.step(.tapRow(try #require(try demo.store.colors().first).name), state: Self.pushedEditor, trace: Self.existingColor)
        } else {
            try flow.step(.tapBarButton("+"), state: Self.newEditor, trace: Self.newColor)
        }
        let editor = try editor(demo.driver)
        let editing = pushed ? Self.pushedEditor : Self.newEditor
        try flow.step(.perform("blue to 0.25", { _ in editor.blueSlider?.setValue(0.25) }), state: editing, trace: ["BNRColorViewController ← changeColor:"])
        try flow.step(.type("Dusk", into: nil), state: editing, trace: [])
        let state = try #require(demo.application.encodeRestorationState())

        let relaunched = try RunningDemo("colorboard", directory: demo.directory, launch: false)
        try relaunched.application.restoreState(from: state, storyboard: relaunched.storyboard)
        // The editor comes back where it was, the screens under it not loaded until they show.
        let again = try NavigationStore(driver: relaunched.driver, state: editing, trace: [
            pushed ? "root BNRColorViewController" : "root BNRPaletteViewController",
            "NavigationController \"\(pushed ? "Colors" : "Color")\".viewDidLoad",
            "BNRColorViewController.viewDidLoad",
            "NavigationController \"\(pushed ? "Colors" : "Color")\".viewWillAppear",
            "BNRColorViewController.viewWillAppear",
            "NavigationController \"\(pushed ? "Colors" : "Color")\".viewDidAppear",
            "BNRColorViewController.viewDidAppear",
        ])
        let restored = try self.editor(relaunched.driver)
        #expect(restored.textField?.text == "Dusk")
        #expect(restored.blueSlider?.value == 0.25)
        #expect(restored.existingColor == pushed)
        if pushed {
            #expect(relaunched.driver.stack == ["Colors", "Color"])
            try again.step(.back, state: Self.palette, trace: [
                "pop BNRColorViewController → BNRPaletteViewController",
                "BNRPaletteViewController.viewDidLoad",
                "BNRColorViewController.viewWillDisappear",
                "BNRPaletteViewController.viewWillAppear",
                "BNRColorViewController.viewDidDisappear",
                "BNRPaletteViewController.viewDidAppear",
                "BNRColorViewController released",
            ])
        } else {
            try again.step(.tapBarButton("Done"), state: Self.palette, trace: [
                "BNRColorViewController ← dismiss:",
                "dismiss BNRColorViewController → BNRPaletteViewController",
                "NavigationController \"Colors\".viewDidLoad",
                "BNRPaletteViewController.viewDidLoad",
            ] + Self.editorCloses)
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

// MARK: What the steps leave and record
extension ColorboardFlowTests {
    /// The new colour's editor leaves, the palette comes back, and the editor is released.
    static let editorCloses = [
        "NavigationController \"Color\".viewWillDisappear",
        "BNRColorViewController.viewWillDisappear",
        "NavigationController \"Colors\".viewWillAppear",
        "BNRPaletteViewController.viewWillAppear",
        "NavigationController \"Colors\".viewDidAppear",
        "BNRPaletteViewController.viewDidAppear",
        "NavigationController \"Color\".viewDidDisappear",
        "BNRColorViewController.viewDidDisappear",
        "NavigationController \"Color\" released",
        "BNRColorViewController released",
    ]

    /// The launch: the palette in its navigation controller.
    static let launch = [
        "root BNRPaletteViewController",
        "NavigationController \"Colors\".viewDidLoad",
        "BNRPaletteViewController.viewDidLoad",
        "NavigationController \"Colors\".viewWillAppear",
        "BNRPaletteViewController.viewWillAppear",
        "NavigationController \"Colors\".viewDidAppear",
        "BNRPaletteViewController.viewDidAppear",
    ]

    /// + presents a new colour's editor in a navigation controller of its own.
    static let newColor = [
        "BNRPaletteViewController.shouldPerformSegue(NewColor) → true",
        "segue present \"NewColor\" BNRPaletteViewController → NavigationController \"Color\"",
        "BNRPaletteViewController.prepare(NewColor)",
        "NavigationController \"Color\".viewDidLoad",
        "BNRColorViewController.viewDidLoad",
        "NavigationController \"Colors\".viewWillDisappear",
        "BNRPaletteViewController.viewWillDisappear",
        "NavigationController \"Color\".viewWillAppear",
        "BNRColorViewController.viewWillAppear",
        "NavigationController \"Color\".viewDidAppear",
        "BNRColorViewController.viewDidAppear",
        "NavigationController \"Colors\".viewDidDisappear",
        "BNRPaletteViewController.viewDidDisappear",
    ]

    /// A row pushes its colour's editor.
    static let existingColor = [
        "BNRPaletteViewController.shouldPerformSegue(ExistingColor) → true",
        "segue show \"ExistingColor\" BNRPaletteViewController → BNRColorViewController",
        "BNRPaletteViewController.prepare(ExistingColor)",
        "BNRColorViewController.viewDidLoad",
        "BNRPaletteViewController.viewWillDisappear",
        "BNRColorViewController.viewWillAppear",
        "BNRPaletteViewController.viewDidDisappear",
        "BNRColorViewController.viewDidAppear",
    ]

    /// Done dismisses the new colour's editor.
    static let doneDismisses = [
        "BNRColorViewController ← dismiss:",
        "dismiss BNRColorViewController → BNRPaletteViewController",
    ] + editorCloses

    /// The palette alone.
    static let palette = "Navigation[BNRPaletteViewController]"

    /// A new colour's editor over the palette.
    static let newEditor = "Navigation[BNRPaletteViewController] ⇒ fullScreen Navigation[BNRColorViewController]"

    /// A colour's editor pushed from the palette.
    static let pushedEditor = "Navigation[BNRPaletteViewController › BNRColorViewController]"
}
