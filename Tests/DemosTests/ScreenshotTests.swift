import BundledStoryboards
import Foundation
import Testing
import TestSupport
import TUI

/// Screenshots of the bundled storyboards: every cell's character and colour in the SVG, and
/// librsvg draws each.
@Suite struct ScreenshotTests {
    /// Each bundled storyboard's first screen and a few more, as `render` would show them.
    static let screens: [(storyboard: String, keys: String)] = [
        ("dailybuzz", ""), ("dailybuzz", "<Down><Enter>"), ("dailybuzz", "+203"), ("dailybuzz", "?"),
        ("colorboard", ""), ("colorboard", "<Down><Down><Down><Enter>"),
        ("seguetour", ""), ("seguetour", "<Enter>"), ("seguetour", "g"),
        ("launcher", ""), ("inventory", ""),
    ]

    @Test func everyBundledStoryboardIsPicturedCellByCell() throws {
        #expect(Set(BundledStoryboards.names.map { $0.lowercased() }).isSubset(of: Set(Self.screens.map(\.storyboard))),
                "every bundled storyboard is pictured: \(BundledStoryboards.names)")
        for (storyboard, keys) in Self.screens {
            let demo = try RunningDemo(storyboard)
            let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 24), colorDepth: .trueColor)
            pilot.shell.showsTrace = storyboard == "seguetour"
            try pilot.press(notation: keys)
            let frame = try #require(pilot.terminal.lastFrame)
            let writer = SVGScreenshot(title: storyboard)
            let svg = writer.document(for: frame, cursor: pilot.terminal.cursor)
            let picture = try SVGPicture(Data(svg.utf8))
            let palette = writer.palette
            let problems = picture.mismatches(
                columns: frame.width, rows: frame.height, cellWidth: writer.cellWidth, lineHeight: writer.lineHeight,
                baseline: writer.baseline
            ) { x, y in
                guard let cell = frame[x, y], !cell.isContinuation else { return nil }
                let colors = palette.colors(of: cell.style)
                return SVGPicture.ExpectedCell(
                    character: cell.character, foreground: colors.foreground.hex,
                    background: colors.background == palette.background ? nil : colors.background.hex,
                    bold: cell.style.attributes.contains(.bold), italic: cell.style.attributes.contains(.italic),
                    underline: cell.style.attributes.contains(.underline))
            }
            #expect(problems.isEmpty, "\(storyboard) \(keys): \(problems.prefix(5))")
            if Rsvg.isInstalled {
                let png = try Rsvg.render(svg)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(storyboard) \(keys)")
            }
        }
    }
}
