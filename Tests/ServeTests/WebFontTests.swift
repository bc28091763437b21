import Foundation
import NIOCore
import Testing
@testable import Serve

/// The page's fonts have a glyph for every symbol the app draws, so that none shows as an
/// empty box in a browser whose machine lacks it. The symbols are read from the sources the
/// way `Scripts/web-fonts.py` reads them; what each font maps is the list that script wrote
/// from the font (`fonts/coverage.txt`), held to the font files by their hashes.
@Suite struct WebFontTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fonts = repository.appendingPathComponent("Sources/Serve/Web/Assets/fonts")

    /// A font as `coverage.txt` describes it.
    struct Coverage {
        let file: String
        let hash: String
        let points: Set<UInt32>
    }

    static func coverage() throws -> [Coverage] {
        let text = try String(contentsOf: fonts.appendingPathComponent("coverage.txt"), encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 2 else { throw CoverageError(line: String(line)) }
            var points = Set<UInt32>()
            for run in fields.dropFirst(2) {
                let ends = run.split(separator: "-").compactMap { UInt32($0, radix: 16) }
                guard let first = ends.first, let last = ends.last, first <= last else { throw CoverageError(line: String(line)) }
                points.formUnion(first...last)
            }
            return Coverage(file: fields[0], hash: fields[1], points: points)
        }
    }

    struct CoverageError: Error { let line: String }

    /// Characters outside ASCII in the string literals of `source` (comments skipped,
    /// `\u{…}` escapes decoded), as the script finds them.
    static func literalScalars(_ source: String) -> [Unicode.Scalar] {
        let scalars = Array(source.unicodeScalars)
        func starts(_ text: String, at index: Int) -> Bool {
            let pattern = Array(text.unicodeScalars)
            return index + pattern.count <= scalars.count && Array(scalars[index..<index + pattern.count]) == pattern
        }
        var found: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if starts("//", at: index) {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if starts("/*", at: index) {
                index += 2
                while index < scalars.count, !starts("*/", at: index) { index += 1 }
                index += 2
            } else if scalars[index] == "\"" {
                let close = starts("\"\"\"", at: index) ? "\"\"\"" : "\""
                index += close.unicodeScalars.count
                while index < scalars.count, !starts(close, at: index) {
                    if scalars[index] == "\\" {
                        if starts("\\u{", at: index), let end = scalars[index...].firstIndex(of: "}"),
                            let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 3)..<end])), radix: 16),
                            let scalar = Unicode.Scalar(value)
                        {
                            found.append(scalar)
                            index = end + 1
                        } else {
                            index += 2
                        }
                        continue
                    }
                    found.append(scalars[index])
                    index += 1
                }
                index += close.unicodeScalars.count
            } else {
                index += 1
            }
        }
        return found.filter { $0.value > 0x7F }
    }

    /// A symbol, punctuation or a number that is not a digit: what a font must draw whatever
    /// language the storyboard is in (letters are text, for which a browser has fonts).
    static func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .connectorPunctuation, .dashPunctuation,
            .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Every symbol the renderers and the apps write: the literals of the TUI, Flow and the
    /// demos, and the circled letters and digits `SystemSymbols` computes.
    static func symbolsTheAppDraws() throws -> Set<UInt32> {
        var points = Set<UInt32>(0x24D0...0x24E9).union(0x2460...0x2468).union([0x24EA])
        for folder in ["Sources/TUI", "Sources/Flow", "Sources/Demos"] {
            let root = repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(!files.isEmpty, "no sources under \(folder)")
            for file in files {
                let source = try String(contentsOf: file, encoding: .utf8)
                points.formUnion(literalScalars(source).filter(isSymbol).map(\.value))
            }
        }
        return points
    }

    @Test func theScanFindsLiteralsAndSkipsComments() {
        let source = #"""
            let info = "ⓘ" // ☂ in a comment
            /* ☃ in a block */ let escaped = "a\u{2026}b", quote = "\"›\""
            let long = """
                ⠋ spinner
                """
            """#
        let found = Self.literalScalars(source).map { String($0) }.joined()
        #expect(found == "ⓘ…›⠋")
        #expect(Self.isSymbol("ⓘ") && Self.isSymbol("⠋") && Self.isSymbol("—") && !Self.isSymbol("é"))
    }

    @Test func everySymbolTheAppDrawsHasAGlyph() throws {
        let fonts = try Self.coverage()
        #expect(fonts.map(\.file) == ["storyboard-mono.woff2", "storyboard-symbols.woff2", "storyboard-emoji.woff2"])
        let covered = fonts.reduce(into: Set<UInt32>()) { $0.formUnion($1.points) }
        let symbols = try Self.symbolsTheAppDraws()
        // The spinner, ⓘ and ⋯ among them: the scan reads the renderers.
        #expect(symbols.isSuperset(of: [0x280B, 0x24D8, 0x22EF, 0x2500, 0x203A]))
        let missing = symbols.subtracting(covered).sorted()
        #expect(missing.isEmpty, """
            no glyph in the page's fonts for \(missing.map { String(format: "U+%04X %@", $0, String(Unicode.Scalar($0).map(Character.init) ?? " ")) }.joined(separator: ", ")): \
            run Scripts/web-fonts.py
            """)
    }

    @Test func theCoverageListIsTheFontsOwn() throws {
        for font in try Self.coverage() {
            let data = try Data(contentsOf: Self.fonts.appendingPathComponent(font.file))
            #expect(data.prefix(4) == Data("wOF2".utf8), "\(font.file) is not a WOFF2 font")
            #expect(WebAssets.hash([UInt8](data)) == font.hash, "\(font.file) changed without its coverage list: run Scripts/web-fonts.py")
        }
    }

    @Test func thePageLoadsEachFontAndTheServerServesIt() throws {
        let css = try String(contentsOf: Self.fonts.deletingLastPathComponent().appendingPathComponent("app.css"), encoding: .utf8)
        let channel = try WebListenerTests.channel()
        for font in try Self.coverage() {
            #expect(css.contains("url(\"fonts/\(font.file)\") format(\"woff2\")"), "app.css does not load \(font.file)")
            let answer = try WebListenerTests.exchange(channel, WebListenerTests.get("/static/fonts/\(font.file)", method: "HEAD"))
            #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.contains("Content-Type: font/woff2"), "\(answer.prefix(300))")
            #expect(answer.contains("Cache-Control: public"))
        }
        for licence in ["DejaVu-LICENSE.txt", "Unifont-LICENSE.txt", "GPL-2.txt"] {
            let answer = try WebListenerTests.exchange(channel, WebListenerTests.get("/static/fonts/\(licence)", method: "HEAD"))
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(licence): \(answer.prefix(80))")
        }
    }
}
