import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// Colorboard's palette and editor as the shell draws them, written out at each colour
/// depth: snapshots, and the colours checked cell by cell.
@Suite struct ColorboardRenderingTests {
    /// The sample palette's fourth colour (0.1, 0.1, 0.44): #1A1A70.
    static let midnight = TerminalColor.rgb(26, 26, 112)

    /// The palette, then Midnight's editor, drawn by a pilot at 60×16.
    struct Screens {
        let demo: RunningDemo
        let pilot: Pilot
        let palette: CellBuffer
        let editor: CellBuffer

        init(depth: ColorDepth) throws {
            demo = try RunningDemo("colorboard")
            pilot = Pilot(application: demo.application, size: Size(width: 60, height: 16), colorDepth: depth)
            palette = try #require(pilot.terminal.lastFrame)
            pilot.press(.down, .down, .down, .enter)
            editor = try #require(pilot.terminal.lastFrame)
        }
    }

    static func snapshotName(_ depth: ColorDepth) -> String {
        switch depth {
        case .none: "no-color"
        case .ansi8: "8-colors"
        case .indexed256: "256-colors"
        case .trueColor: "truecolor"
        }
    }

    /// Where a row shows its swatch: the cells before the name that have a background.
    static func swatch(in buffer: CellBuffer, row name: String) -> [Point] {
        guard let y = buffer.lines.firstIndex(where: { $0.contains(name) }) else { return [] }
        return (0..<buffer.width).map { Point(x: $0, y: y) }.filter { point in
            guard let cell = buffer[point], cell.style.background != .default else { return false }
            return !(cell.style.attributes.contains(.reverse))
        }
    }

    @Test(arguments: ColorDepth.allCases)
    func paletteAndEditorSnapshots(depth: ColorDepth) throws {
        let screens = try Screens(depth: depth)
        #expect(screens.palette.text.contains("Midnight"))
        #expect(screens.editor.text.contains("#1A1A70"))
        let name = Self.snapshotName(depth)
        assertSnapshot(screens.palette.ansiText(colorDepth: depth), named: "colorboard-palette-\(name)", extension: "ansi")
        assertSnapshot(screens.editor.ansiText(colorDepth: depth), named: "colorboard-editor-\(name)", extension: "ansi")
    }

    @Test func theSwatchAndTheEditorBackgroundAreOneColour() throws {
        let screens = try Screens(depth: .trueColor)
        let swatch = Self.swatch(in: screens.palette, row: "Midnight")
        #expect(swatch.count == 2, "a swatch two cells wide: \(swatch)")
        for point in swatch {
            #expect(screens.palette[point]?.style.background == Self.midnight)
        }
        // The editor's whole content area, below its bar, is the colour.
        for y in 2..<(screens.editor.height - 1) {
            for x in [0, screens.editor.width / 2, screens.editor.width - 1] {
                #expect(screens.editor[x, y]?.style.background == Self.midnight, "cell \(x),\(y)")
            }
        }
        // An edit shows in the editor at once and in the swatch when the palette is back.
        screens.pilot.press(.tab)
        for _ in 0..<10 { screens.pilot.press(.right) }
        let edited = try #require(screens.pilot.terminal.lastFrame)
        #expect(edited.text.contains("R 0.20  G 0.10  B 0.44   #331A70"))
        let background = try #require(edited[0, 3]?.style.background)
        #expect(background == .rgb(51, 26, 112))
        screens.pilot.press(.escape)
        let palette = try #require(screens.pilot.terminal.lastFrame)
        let after = Self.swatch(in: palette, row: "Midnight")
        #expect(after.count == 2)
        #expect(after.allSatisfy { palette[$0]?.style.background == background })
    }

    /// The same cells reach the terminal as the same code, whatever the depth.
    @Test(arguments: [
        (ColorDepth.ansi8, "40"), (.indexed256, "48;5;17"), (.trueColor, "48;2;26;26;112"),
    ])
    func theSwatchAndTheEditorBackgroundAreWrittenAlike(depth: ColorDepth, code: String) throws {
        let screens = try Screens(depth: depth)
        let swatch = try #require(Self.swatch(in: screens.palette, row: "Midnight").first)
        let paletteRow = try #require(SGR.styledCharacters(screens.palette.ansiText(colorDepth: depth), row: swatch.y))
        #expect(SGR.background(paletteRow[swatch.x].parameters) == code)
        let editorRow = try #require(SGR.styledCharacters(screens.editor.ansiText(colorDepth: depth), row: 3))
        #expect(editorRow.allSatisfy { SGR.background($0.parameters) == code })
    }

    @Test func noColorWritesNoColourButKeepsTheValuesAndTheSelection() throws {
        let environment = ["NO_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let depth = ColorDepth.detect(environment: environment)
        #expect(depth == .none)
        #expect(ColorDepth.detect(environment: environment, hasColors: true, colorCount: 1 << 24, isDirectColor: true) == .none)
        let screens = try Screens(depth: depth)
        for (name, buffer) in [("palette", screens.palette), ("editor", screens.editor)] {
            let output = buffer.ansiText(colorDepth: depth)
            for parameters in SGR.sequences(in: output) {
                #expect(parameters.allSatisfy { ["0", "1", "2", "3", "4", "7"].contains($0) }, "\(name): \(parameters)")
            }
            // Nothing but colour is lost: the text is all there.
            #expect(SGR.strip(output) == buffer.text)
        }
        let editor = SGR.strip(screens.editor.ansiText(colorDepth: depth))
        #expect(editor.contains("R 0.10  G 0.10  B 0.44   #1A1A70"))
        #expect(editor.contains("0.44"))
        #expect(editor.contains("Midnight"))
        // The highlighted row is still told apart, by reverse video.
        let palette = screens.palette.ansiText(colorDepth: depth)
        let firstRow = try #require(SGR.styledCharacters(palette, row: 2))
        #expect(firstRow.contains { $0.character == "R" && $0.parameters.contains("7") })
    }
}

/// Reading the SGR escapes of `CellBuffer.ansiText` back.
enum SGR {
    /// The parameters of every `ESC [ … m` in `text`.
    static func sequences(in text: String) -> [[String]] {
        var result: [[String]] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            guard let end = rest[start.upperBound...].firstIndex(of: "m") else { break }
            result.append(rest[start.upperBound..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init))
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    /// `text` without its escapes.
    static func strip(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// The characters of one row of `text`, each with the parameters of the last
    /// sequence before it (none at the start of a row: rows begin unstyled).
    static func styledCharacters(_ text: String, row: Int) -> [(character: Character, parameters: [String])]? {
        let rows = text.components(separatedBy: "\n")
        guard rows.indices.contains(row) else { return nil }
        var result: [(character: Character, parameters: [String])] = []
        var current: [String] = []
        var line = Substring(rows[row])
        while let character = line.first {
            if character == "\u{1B}", let end = line.firstIndex(of: "m") {
                let body = line[line.index(line.startIndex, offsetBy: 2)..<end]
                current = body.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                line = line[line.index(after: end)...]
                continue
            }
            result.append((character, current))
            line = line.dropFirst()
        }
        return result
    }

    /// The background part of a sequence's parameters ("44", "48;5;17", "48;2;r;g;b").
    static func background(_ parameters: [String]) -> String? {
        var index = 0
        var found: String?
        while index < parameters.count {
            let code = parameters[index]
            if code == "38" || code == "48" {
                let length = parameters.count > index + 1 && parameters[index + 1] == "2" ? 5 : 3
                let group = parameters[index..<min(parameters.count, index + length)].joined(separator: ";")
                if code == "48" { found = group }
                index += length
                continue
            }
            if let value = Int(code), (40...47).contains(value) || (100...107).contains(value) { found = code }
            index += 1
        }
        return found
    }
}
