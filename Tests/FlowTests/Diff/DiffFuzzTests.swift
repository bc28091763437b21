import Foundation
import Testing

@testable import Flow

/// The diff on damaged pairs: 400 pairs made from the fixture pairs by the edits bad tools,
/// bad merges and hostile authors make. No crash, no hang; a pair where either file does not
/// load is a load error, and for every pair that loads, each version compared with itself is
/// no change, every form prints one safe line per line, and the JSON is JSON.
@Suite struct DiffFuzzTests {
    /// Line- and attribute-level damage that often leaves a file loadable, so that the
    /// matcher, not only the loader, sees strange input.
    enum Damage: CaseIterable {
        case deleteLine, duplicateLine, swapLines, changeID, copyID, changeText, insertToken

        static let tokens = [
            "<", "\"", "&#10;", "\u{202E}", "<segue destination=\"zz\" kind=\"show\" id=\"fz1\"/>", " hidden=\"YES\"",
            "<label text=\"x\" id=\"fz2\"/>", "<constraint firstAttribute=\"top\" constant=\"8\" id=\"fz3\"/>", "🙂",
        ]

        func apply(to text: inout [Substring], using random: inout SeededRandomGenerator) {
            guard !text.isEmpty else { return }
            let line = Int.random(in: text.indices, using: &random)
            switch self {
            case .deleteLine:
                text.remove(at: line)
            case .duplicateLine:
                text.insert(text[line], at: line)
            case .swapLines:
                text.swapAt(line, Int.random(in: text.indices, using: &random))
            case .changeID, .copyID:
                // Another id on this line, or the id of another line: renumbering and clashes.
                var changed = String(text[line])
                guard let range = changed.range(of: #"id="[^"]*""#, options: .regularExpression) else { return }
                let other = String(text[Int.random(in: text.indices, using: &random)])
                let id =
                    self == .copyID
                    ? other.range(of: #"id="[^"]*""#, options: .regularExpression).map { String(other[$0]) } ?? "id=\"c\""
                    : "id=\"r\(Int.random(in: 0..<50, using: &random))\""
                changed.replaceSubrange(range, with: id)
                text[line] = Substring(changed)
            case .changeText:
                var changed = String(text[line])
                guard let range = changed.range(of: #"(text|title)="[^"]*""#, options: .regularExpression) else { return }
                changed.replaceSubrange(range, with: "title=\"t\(Int.random(in: 0..<9, using: &random))\"")
                text[line] = Substring(changed)
            case .insertToken:
                var changed = String(text[line])
                let token = Self.tokens.randomElement(using: &random) ?? ""
                let offset = Int.random(in: 0...changed.count, using: &random)
                changed.insert(contentsOf: token, at: changed.index(changed.startIndex, offsetBy: offset))
                text[line] = Substring(changed)
            }
        }
    }

    static func damaged(_ data: Data, _ random: inout SeededRandomGenerator) -> Data {
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            Damage.allCases.randomElement(using: &random)?.apply(to: &lines, using: &random)
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    @Test func fourHundredDamagedPairs() throws {
        var random = SeededRandomGenerator(seed: 0x5EED_D1FF)
        let pairs = try ["SegueTour", "Colorboard", "DailyBuzz", "Inventory", "Launcher", "Renumbered"].map {
            (try DiffFixtures.data($0 + ".old"), try DiffFixtures.data($0 + ".new"))
        }
        var compared = 0
        var refused = 0
        for round in 0..<400 {
            let (old, new) = pairs[round % pairs.count]
            let before = round % 3 == 1 ? old : Self.damaged(old, &random)
            let after = round % 3 == 2 ? new : Self.damaged(new, &random)
            let versions: (StoryboardDiff.Version, StoryboardDiff.Version)
            do {
                versions = (
                    try StoryboardDiff.Version(data: before, fileName: "old.storyboard"),
                    try StoryboardDiff.Version(data: after, fileName: "new.storyboard")
                )
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.location.line >= 0 && $0.file.hasSuffix(".storyboard") })
                refused += 1
                continue
            }
            compared += 1
            let changes = StoryboardDiff.changes(from: versions.0, to: versions.1, storyboard: "Main.storyboard")
            #expect(StoryboardDiff.changes(from: versions.0, to: versions.0, storyboard: "Main.storyboard").isEmpty, "round \(round)")
            #expect(StoryboardDiff.changes(from: versions.1, to: versions.1, storyboard: "Main.storyboard").isEmpty, "round \(round)")
            for form in [
                StoryboardDiff.text(changes), StoryboardDiff.markdown(changes), StoryboardOutline.outline(of: versions.1),
            ] {
                #expect(!form.unicodeScalars.contains { $0 != "\n" && DiagnosticText.needsEscape($0) }, "round \(round)")
            }
            let json = StoryboardDiff.json(old: "o", new: "n", changes: changes)
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            #expect((parsed?["changes"] as? [Any])?.count == changes.count, "round \(round)")
        }
        // Both paths were taken: the damage neither always breaks the files nor never does.
        #expect(compared > 100 && refused > 20, "compared \(compared), refused \(refused)")
    }
}
