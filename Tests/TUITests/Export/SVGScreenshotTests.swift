import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// Screenshots: well-formed SVG with every cell's character and true colours, in the grid.
@Suite struct SVGScreenshotTests {
    /// Checks `svg` shows `buffer` cell by cell: each character in its cell with its colour,
    /// weight and slant; each background; each box-drawing cell as shapes in its colour; each
    /// underline. Returns the number of problems recorded (so a caller can stop early).
    @discardableResult
    static func expectShows(
        _ svg: String, _ buffer: CellBuffer, palette: ScreenshotPalette = .dark, _ note: String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Int {
        let writer = SVGScreenshot(palette: palette)
        let picture = try SVGPicture(Data(svg.utf8))
        let texts = picture.textCells(cellWidth: writer.cellWidth, lineHeight: writer.lineHeight, baseline: writer.baseline)
        var problems = 0
        func problem(_ text: String) {
            problems += 1
            if problems <= 5 { Issue.record("\(note): \(text)", sourceLocation: sourceLocation) }
        }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]!
                guard !cell.isContinuation else { continue }
                let colors = palette.colors(of: cell.style)
                let shown = texts["\(x),\(y)"]
                let scalar = cell.character.unicodeScalars.first!
                let isShape = cell.character.unicodeScalars.count == 1 && (0x2500...0x259F).contains(scalar.value)
                if isShape {
                    let found = picture.shapeColors(x: x, y: y, cellWidth: writer.cellWidth, lineHeight: writer.lineHeight)
                    let isBlock = scalar.value >= 0x2580
                    let background = picture.backgroundFill(x: x, y: y, cellWidth: writer.cellWidth, lineHeight: writer.lineHeight)
                    if !found.contains(colors.foreground.hex) && !(isBlock && background == colors.foreground.hex) {
                        problem("\(x),\(y) \(cell.character) has no shape in \(colors.foreground.hex): \(found)")
                    }
                    if shown != nil { problem("\(x),\(y) \(cell.character) is drawn as text too") }
                } else if cell.character == " " {
                    if let shown, shown.character != " " { problem("\(x),\(y) should be blank, shows \(shown.character)") }
                } else if let shown {
                    if shown.character != cell.character { problem("\(x),\(y) shows \(shown.character), not \(cell.character)") }
                    if shown.fill != colors.foreground.hex { problem("\(x),\(y) \(cell.character) is \(shown.fill), not \(colors.foreground.hex)") }
                    if shown.bold != cell.style.attributes.contains(.bold) { problem("\(x),\(y) \(cell.character) bold is \(shown.bold)") }
                    if shown.italic != cell.style.attributes.contains(.italic) { problem("\(x),\(y) \(cell.character) italic is \(shown.italic)") }
                } else {
                    problem("\(x),\(y) \(cell.character) is missing")
                }
                if !(isShape && scalar.value >= 0x2580) {
                    let background = picture.backgroundFill(x: x, y: y, cellWidth: writer.cellWidth, lineHeight: writer.lineHeight)
                    let expected = colors.background == palette.background ? nil : colors.background.hex
                    if background != expected { problem("\(x),\(y) background is \(background ?? "the screen's"), not \(expected ?? "the screen's")") }
                }
                if cell.style.attributes.contains(.underline) {
                    let lines = picture.elements.filter { element in
                        element.name == "rect" && element.isOnScreen && element.attributes["height"] == "1"
                            && (element.number("x") ?? -1) <= Double(x) * writer.cellWidth + 0.01
                            && (element.number("x") ?? 0) + (element.number("width") ?? 0) >= Double(x + 1) * writer.cellWidth - 0.01
                            && Int(((element.number("y") ?? 0) / writer.lineHeight).rounded(.down)) == y
                    }
                    if !lines.contains(where: { $0.attributes["fill"] == colors.foreground.hex }) { problem("\(x),\(y) is not underlined") }
                }
            }
        }
        return problems
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
