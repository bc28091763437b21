@testable import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// The Appearance screen's code: counts the colour well's changes.
final class AppearanceScreen: ViewController {
    var colorChanges = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("tintChanged:", AppearanceScreen.tintChanged)
        return table
    }
    func tintChanged() { colorChanges += 1 }
}

/// A colour well (`UIColorWell`) as Xcode writes it: its colour, its picker's title, whether
/// it offers opacity; drawn as a swatch and a name, picked from UIKit's system colours.
@Suite struct ColorWellTests {
    static func xml(color: String = #"<color key="selectedColor" systemColor="systemBlueColor"/>"#, extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" initialViewController="Ap1-Vc-001">
            <scenes>
                <scene sceneID="Ap1-Sc-001">
                    <objects>
                        <viewController id="Ap1-Vc-001" customClass="AppearanceViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Ap1-Vw-001">
                                <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                                <subviews>
                                    <label opaque="NO" text="Tint" id="Ap1-Lb-001">
                                        <rect key="frame" x="20" y="100" width="80" height="21"/>
                                    </label>
                                    <colorWell contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" title="Tint color" \(extra)id="Ap1-Cw-001">
                                        <rect key="frame" x="300" y="96" width="44" height="28"/>
                                        \(color)
                                        <connections>
                                            <action selector="tintChanged:" destination="Ap1-Vc-001" eventType="valueChanged" id="Ap1-Ac-001"/>
                                        </connections>
                                    </colorWell>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes></document>
        """
    }

    static func launch(_ xml: String = xml(), size: Size = Size(width: 50, height: 6)) throws -> (AppearanceScreen, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Appearance.storyboard")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map(\.message))")
        let registry = ClassRegistry()
        registry.register(AppearanceScreen.self, as: "AppearanceViewController")
        let application = Application(registry: registry)
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        let screen = try #require(application.topViewController as? AppearanceScreen)
        return (screen, Pilot(application: application, size: size))
    }

    static func well(_ screen: ViewController) throws -> ColorWell { try #require(screen.view.first(ColorWell.self)) }

    @Test func theWellReadsItsColourTitleAndOpacityFromTheFile() throws {
        let (screen, _) = try Self.launch(Self.xml(extra: #"supportsAlpha="NO" "#))
        let well = try Self.well(screen)
        #expect(well.colorName == "Blue")
        #expect(well.title == "Tint color")
        #expect(!well.supportsAlpha)
        let (custom, _) = try Self.launch(Self.xml(
            color: #"<color key="selectedColor" red="1" green="0.5" blue="0" alpha="0.5" colorSpace="custom" customColorSpace="sRGB"/>"#))
        // Opacity is said when the well offers it (UIKit's default).
        #expect(try Self.well(custom).colorName == "#FF8000 50%")
        // Components out of range, as a hand-edited file may have them, go to the nearest end.
        let (wild, _) = try Self.launch(Self.xml(
            color: #"<color key="selectedColor" red="7" green="-1e300" blue="1e300" alpha="-1e300" colorSpace="custom" customColorSpace="sRGB"/>"#))
        #expect(try Self.well(wild).colorName == "#FF00FF 0%")
    }

    @Test func aColourItCannotReadIsAWarningWithItsPlaceAndTheWellShowsNone() throws {
        let xml = Self.xml(color: #"<color key="selectedColor" name="AccentColor"/>"#)
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Appearance.storyboard")
        let messages = loaded.warnings.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(messages == [#"15:33: the color well's selectedColor names the color "AccentColor"; it shows no color"#])
    }

    @Test func theWellIsASwatchAndItsPickerARowOfColoursTakenByKeys() throws {
        let (screen, pilot) = try Self.launch()
        assertScreen(pilot.screenLines, equals: [
            "                                                  ",
            "  Tint                                  [■ Blue]  ",
            "                                                  ",
            "                                                  ",
            "                                                  ",
            " Space  choose a color   ?  help   q  quit        ",
        ])
        pilot.press(.enter)
        assertScreen(pilot.screenLines, equals: [
            "                                                  ",
            "  Tint   [■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ Blue  ]   ",
            "                                                  ",
            "                                                  ",
            "                                                  ",
            " Esc  close the picker   ←→  color                ",
        ])
        pilot.press(.right)
        #expect(pilot.shows("Indigo"))
        pilot.press(.enter)
        let well = try Self.well(screen)
        #expect(well.colorName == "Indigo")
        #expect(screen.colorChanges == 1)
        #expect(pilot.screenLines[1].hasSuffix("[■ Indigo]  "))
        // Esc closes the picker and keeps the colour; taking the same colour sends nothing.
        pilot.press(.enter, .left, .escape)
        #expect(well.colorName == "Indigo" && well.pickingIndex == nil)
        pilot.press(.enter, .enter)
        #expect(screen.colorChanges == 1)
    }

    @Test func aClickPresentsThePickerAndAClickOnAColourTakesIt() throws {
        let (screen, pilot) = try Self.launch()
        let well = try Self.well(screen)
        let row = pilot.screenLines[1]
        let x = try #require(row.firstIndex(of: "[")).utf16Offset(in: row)
        pilot.click(x: x, y: 1)
        #expect(well.pickingIndex == 7)
        // The first swatch, Red, two columns after the bracket.
        let picker = pilot.screenLines[1]
        let first = try #require(picker.firstIndex(of: "[")).utf16Offset(in: picker) + 1
        pilot.click(x: first, y: 1)
        #expect(well.colorName == "Red" && well.pickingIndex == nil && screen.colorChanges == 1)
    }

    @Test func aScreenReaderHearsTheTitleTheColourAndInThePickerWhereItIs() throws {
        let (screen, pilot) = try Self.launch()
        let well = try Self.well(screen)
        var spoken = well.spoken(in: pilot.shell.lastFrame)
        #expect([spoken.label, spoken.role, spoken.value] == ["Tint color", "color well", "Blue"])
        pilot.press(.enter, .right)
        spoken = well.spoken(in: pilot.shell.lastFrame)
        #expect([spoken.role, spoken.value, spoken.position] == ["color picker", "Indigo", "9 of 15"])
        // The well's own colour is copied, not the one highlighted.
        #expect(well.copiedText == "#007AFF")
    }

    @Test func theTitleTranslatesAndAChosenColourOutlivesALiveReload() throws {
        let loaded = try StoryboardLoader.load(data: Data(Self.xml().utf8), fileName: "Appearance.storyboard")
        #expect(loaded.document.translatableTexts.map(\.keys).contains(["Ap1-Cw-001.title"]))
        let translated = loaded.document.translated(by: ["Ap1-Cw-001.title": "Couleur"])
        let application = Application()
        _ = try FlowDriver.launch(application.storyboard(document: translated))
        let well = try #require(application.topViewController?.view.first(ColorWell.self))
        #expect(well.title == "Couleur")
        #expect(well.liveValue == nil)
        well.openPicker()
        well.pick(at: 0)
        #expect(well.liveValue == .string("#FF3B30"))
        let reloaded = ColorWell(id: well.id, spec: well.spec, element: try #require(Self.element(of: well.spec)))
        reloaded.liveValue = well.liveValue
        #expect(reloaded.colorName == "Red")
    }

    static func element(of spec: ViewSpec?) -> ColorWell.Element? {
        guard case .element(let kind)? = spec?.kind else { return nil }
        return kind as? ColorWell.Element
    }
}
