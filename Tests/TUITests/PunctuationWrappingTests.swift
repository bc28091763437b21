import Foundation
import Testing
@testable import Flow
@testable import TUI

/// Wrapped text keeps punctuation with its word: a status line or a scene's note never puts
/// a closing bracket, a full stop or a dash on a line of its own.
@Suite struct PunctuationWrappingTests {
    /// A page view controller of the app's own class with no pages: its note names the class.
    static let pager = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Pw1-Pg-001">
            <scenes>
                <scene sceneID="Pw1-Sc-001">
                    <objects>
                        <pageViewController autoresizesArchivedViewToFullSize="NO" transitionStyle="scroll" navigationOrientation="horizontal" spineLocation="none" id="Pw1-Pg-001" customClass="AlertPagerViewController" customModule="Ferries" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func launch(size: Size) throws -> (Application, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(pager.utf8), fileName: "Pager.storyboard")
        let application = Application()
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        return (application, Pilot(application: application, size: size))
    }

    @Test func aStatusLineKeepsTheClosingBracketAndStopWithTheClassName() throws {
        let (application, pilot) = try Self.launch(size: Size(width: 26, height: 15))
        application.warn("its pages come from its code (AlertPagerViewController).")
        pilot.shell.redraw()
        assertScreen(pilot.screenLines, equals: [
            "                          ",
            "                          ",
            "                          ",
            "  The pages of this page  ",
            "   view controller come   ",
            "      from its code       ",
            "  (AlertPagerViewControl  ",
            "          ler).           ",
            "                          ",
            "                          ",
            "! its pages come from its ",
            "code                      ",
            "(AlertPagerViewControlle  ",
            "r).                       ",
            " ?  help   q  quit        ",
        ])
    }

    @Test func aScenesNoteKeepsTheClosingBracketAndStopWithTheClassName() throws {
        let (_, pilot) = try Self.launch(size: Size(width: 29, height: 10))
        // The note is wrapped to the screen's width less four: 25 columns, one short of the
        // class name, its bracket and its stop.
        assertScreen(pilot.screenLines, equals: [
            "                             ",
            "                             ",
            "                             ",
            "   The pages of this page    ",
            "  view controller come from  ",
            "          its code           ",
            "  (AlertPagerViewControlle   ",
            "             r).             ",
            "                             ",
            " ?  help   q  quit           ",
        ])
    }

    @Test(arguments: [
        "The pages of this page view controller come from its code (AlertPagerViewController).",
        "no code for showDetails: — closed the sheet",
        "Saved to “Reading List” … done!",
        "Couldn't open FerrySchedulesViewController.storyboard (line 39).",
    ])
    func noWrappedLineIsOnlyPunctuation(text: String) {
        // From the width where a word and the punctuation after it fit on one line.
        for width in 10...60 {
            let lines = Wrap.lines(text, width: width)
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).allSatisfy(\.isPunctuation) }, "width \(width): \(lines)")
            // Nothing is lost: the words come back in order.
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "width \(width): \(lines)")
        }
    }
}
