import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// Screenshots: well-formed SVG with every cell's character and true colours, in the grid.
@Suite struct SVGScreenshotTests {
    /// Checks `svg` shows `buffer` cell by cell (see `SVGPicture.mismatches`).
    static func expectShows(
        _ svg: String, _ buffer: CellBuffer, palette: ScreenshotPalette = .dark, _ note: String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let writer = SVGScreenshot(palette: palette)
        let picture = try SVGPicture(Data(svg.utf8))
        let problems = picture.mismatches(
            columns: buffer.width, rows: buffer.height, cellWidth: writer.cellWidth, lineHeight: writer.lineHeight,
            baseline: writer.baseline
        ) { x, y in
            guard let cell = buffer[x, y], !cell.isContinuation else { return nil }
            let colors = palette.colors(of: cell.style)
            return SVGPicture.ExpectedCell(
                character: cell.character, foreground: colors.foreground.hex,
                background: colors.background == palette.background ? nil : colors.background.hex,
                bold: cell.style.attributes.contains(.bold), italic: cell.style.attributes.contains(.italic),
                underline: cell.style.attributes.contains(.underline))
        }
        #expect(problems.isEmpty, "\(note): \(problems.prefix(5))", sourceLocation: sourceLocation)
    }

    /// A screen with one of everything: attributes, palette, 256 and 24-bit colours, defaults
    /// reversed, wide characters, box lines of every weight, blocks, and text that XML escapes.
    static var everything: CellBuffer {
        var buffer = CellBuffer(size: Size(width: 40, height: 10))
        buffer.put("Plain <&> \"quoted\"", at: Point(x: 0, y: 0))
        buffer.put("bold", at: Point(x: 0, y: 1), style: Style(attributes: [.bold]))
        buffer.put("dim", at: Point(x: 5, y: 1), style: Style(attributes: [.dim]))
        buffer.put("italic", at: Point(x: 9, y: 1), style: Style(attributes: [.italic]))
        buffer.put("under line", at: Point(x: 16, y: 1), style: Style(attributes: [.underline]))
        buffer.put("reverse", at: Point(x: 27, y: 1), style: Style(attributes: [.reverse]))
        buffer.put("red", at: Point(x: 0, y: 2), style: Style(foreground: .red))
        buffer.put("on blue", at: Point(x: 4, y: 2), style: Style(foreground: .brightWhite, background: .blue))
        buffer.put("196", at: Point(x: 12, y: 2), style: Style(foreground: .indexed(196)))
        buffer.put("Midnight", at: Point(x: 16, y: 2), style: Style(foreground: .rgb(255, 255, 255), background: .rgb(26, 26, 112)))
        buffer.put("漢字 🧑‍🌾 ❤ é ›", at: Point(x: 0, y: 3))
        buffer.put("┌─┬─┐ ┏━┓ ╔═╦═╗ ╭─╮ ╒═╕", at: Point(x: 0, y: 4), style: Style(foreground: .green))
        buffer.put("├─┼─┤ ┃ ┃ ╠═╬═╣ │ │ ╞═╡", at: Point(x: 0, y: 5), style: Style(foreground: .green))
        buffer.put("└─┴─┘ ┗━┛ ╚═╩═╝ ╰─╯ ╘═╛", at: Point(x: 0, y: 6), style: Style(foreground: .green))
        buffer.put("█▀▄▌▐░▒▓ ┄┅ ╱╲╳", at: Point(x: 0, y: 7), style: Style(foreground: .yellow, attributes: [.dim]))
        buffer.put("bold reverse on red", at: Point(x: 0, y: 8), style: Style(foreground: .red, background: .default, attributes: [.bold, .reverse]))
        return buffer
    }

    @Test func everyCellOfEveryKindIsInThePicture() throws {
        let buffer = Self.everything
        let svg = SVGScreenshot(title: "Everything <&>").document(for: buffer)
        try Self.expectShows(svg, buffer, "everything")
        let picture = try SVGPicture(Data(svg.utf8))
        let width = try #require(picture.root["width"].flatMap(Double.init))
        #expect(abs(width - (24 + 40 * 8.43)) < 0.01)
        #expect(picture.elements.first { $0.name == "title" }?.text == "Everything <&> (40×10)")
    }

    @Test func trueColoursAreDrawnAsTheyAreWhateverTheDepthAndTheTerminalsOwnFromThePalette() throws {
        let palette = ScreenshotPalette.dark
        #expect(palette.resolve(.rgb(26, 26, 112), isForeground: false).hex == "#1a1a70")
        #expect(palette.resolve(.indexed(196), isForeground: true).hex == "#ff0000")
        #expect(palette.resolve(.blue, isForeground: true) == palette.ansi[4])
        #expect(palette.resolve(.default, isForeground: true) == palette.foreground)
        #expect(palette.resolve(.default, isForeground: false) == palette.background)
        let reversed = palette.colors(of: Style(attributes: [.reverse]))
        #expect(reversed.foreground == palette.background && reversed.background == palette.foreground)
        let dim = palette.colors(of: Style(foreground: .rgb(200, 200, 200), background: .rgb(0, 0, 0), attributes: [.dim]))
        #expect(dim.foreground == ScreenshotPalette.Color(110, 110, 110))
    }

    @Test func theGallerysScreensArePicturedCellByCell() throws {
        let screens: [(String, [ControllerSpec], String, [Key])] = [
            ("cell styles", [Scene.navigation("N", root: "Styles"), Gallery.cellStyles], "N", []),
            ("grouped", [Scene.navigation("N", root: "Grouped"), Gallery.grouped], "N", []),
            ("form", [Scene.navigation("N", root: "Form"), Gallery.form], "N", [.char("A"), .tab]),
            ("help", [Scene.navigation("N", root: "Grouped"), Gallery.grouped], "N", [.char("?")]),
            ("overview", [Scene.navigation("N", root: "Grouped"), Gallery.grouped], "N", [.char("g")]),
        ]
        for (name, scenes, initial, keys) in screens {
            let fixture = PilotFixture(scenes, initial: initial)
            for key in keys { fixture.pilot.press(key) }
            let frame = try #require(fixture.pilot.terminal.lastFrame)
            let svg = SVGScreenshot(title: name).document(for: frame, cursor: fixture.pilot.terminal.cursor)
            try Self.expectShows(svg, frame, name)
        }
    }

    @Test func aScreenWithNothingButSpacesIsAnEmptyWindow() throws {
        let svg = SVGScreenshot().document(for: CellBuffer(size: Size(width: 1, height: 1)))
        let picture = try SVGPicture(Data(svg.utf8))
        #expect(!picture.elements.contains { $0.name == "text" && $0.isOnScreen })
    }

    @Test(.enabled(if: Rsvg.isInstalled, "rsvg-convert is not installed (apt-get install librsvg2-bin)"))
    func librsvgDrawsIt() throws {
        let png = try Rsvg.render(SVGScreenshot(title: "Everything").document(for: Self.everything))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
