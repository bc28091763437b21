import Testing

@testable import Flow

/// The merge on damaged triples: 300 triples of small storyboards, one file of each damaged by
/// deleting, repeating and swapping lines, copying ids and cutting it short. No crash, no hang;
/// an input that does not read is an error naming it, and every merge reads back as XML with
/// each id once (unless a side already repeated it) and every reference resolved.
@Suite struct MergeFuzzTests {
    typealias F = MergeFixtures

    static let versions: [String] = {
        let title = F.label("Lbl-A1-001", text: "Welcome")
        let note = F.label("Lbl-A1-002", text: "Sign in", frame: "x=\"20\" y=\"140\" width=\"200\" height=\"21\"")
        let constraint = "                            <constraint firstItem=\"Lbl-A1-002\" firstAttribute=\"leading\" secondItem=\"Vew-A1-001\" secondAttribute=\"leading\" constant=\"20\" id=\"Cst-A1-001\"/>"
        let second = F.scene("B2-002", title: "Detail", subviews: F.label("Lbl-B2-001", text: "Detail"), canvas: "x=\"400\" y=\"0\"")
        let button = F.button("Btn-A1-001", title: "Open", segue: "                    <segue destination=\"Ctl-B2-002\" kind=\"show\" identifier=\"next\" id=\"Seg-A1-001\"/>")
        return [
            F.storyboard(F.scene("A1-001", title: "Home", subviews: title + "\n" + note) + "\n" + second),
            F.storyboard(F.scene("A1-001", title: "Home", subviews: title + "\n" + note + "\n" + button, constraints: constraint) + "\n" + second),
            F.storyboard(F.scene("A1-001", title: "Home", subviews: note) + "\n" + second, toolsVersion: "22505"),
            F.storyboard(F.scene("A1-001", title: "Home", subviews: title + "\n" + button)),
        ]
    }()

    static func damaged(_ text: String, _ random: inout SeededRandomGenerator) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<Int.random(in: 0...3, using: &random) where !lines.isEmpty {
            let line = Int.random(in: lines.indices, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: lines.remove(at: line)
            case 1: lines.insert(lines[line], at: line)
            case 2: lines.swapAt(line, Int.random(in: lines.indices, using: &random))
            case 3:
                // Another line's id: a clash of ids.
                let other = lines[Int.random(in: lines.indices, using: &random)]
                if let range = other.range(of: "id=\""), let end = other[range.upperBound...].firstIndex(of: "\""),
                    let mine = lines[line].range(of: "id=\"")
                {
                    let id = other[range.upperBound..<end]
                    if let myEnd = lines[line][mine.upperBound...].firstIndex(of: "\"") {
                        lines[line].replaceSubrange(mine.upperBound..<myEnd, with: id)
                    }
                }
            case 4: lines = Array(lines.prefix(line))
            default: lines[line] += ["<", "&", "\"", "<<<<<<< HEAD", "\u{202E}", "<x>"][Int.random(in: 0..<6, using: &random)]
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func damagedTriplesNeitherCrashNorWriteWhatTheyCannotRead() throws {
        var random = SeededRandomGenerator(seed: 0x5EED_3E26)
        var merged = 0
        for _ in 0..<300 {
            let picks = (0..<3).map { _ in Self.versions[Int.random(in: Self.versions.indices, using: &random)] }
            // One of the three damaged, as a bad tool or a bad hand merge leaves one file.
            let victim = Int.random(in: 0..<3, using: &random)
            let triple = picks.enumerated().map { $0.offset == victim ? Self.damaged($0.element, &random) : $0.element }
            do {
                let result = try F.merge(base: triple[0], ours: triple[1], theirs: triple[2])
                let source = try MergeSource(bytes: Array(result.text.utf8), name: "merged")
                merged += 1
                for conflict in result.conflicts {
                    #expect(!conflict.summary.unicodeScalars.contains { DiagnosticText.needsEscape($0) })
                    #expect(conflict.line >= 1)
                }
                // Each id once, unless a side had it twice already.
                var counts: [String: Int] = [:]
                source.root.visit { if let id = $0.id { counts[id, default: 0] += 1 } }
                for (id, count) in counts where count > 1 {
                    let before = triple[1...].map { $0.components(separatedBy: "id=\"\(id)\"").count - 1 }.max() ?? 0
                    #expect(count <= max(before, 1), "\(id) repeated by the merge")
                }
            } catch let error as MergeInputError {
                #expect(!error.message.isEmpty)
                #expect(["base.storyboard", "ours.storyboard", "theirs.storyboard"].contains(error.file))
            }
        }
        // Enough of them merge for the checks above to mean something.
        #expect(merged > 120, "only \(merged) of 300 merged")
    }

    @Test func damagedArchivesOfTwoFormatsNeitherCrashNorWriteWhatTheyCannotRead() throws {
        // The older format's lists rewritten in the keyed one, on files a bad save left.
        let older = MergeArchiveFormatTests.older
        let keyed = MergeArchiveFormatTests.keyed
        let versions = [older, keyed, older.replacingOccurrences(">Name<", ">Full name<"), keyed.replacingOccurrences(">NameField<", ">Field<")]
        var random = SeededRandomGenerator(seed: 0xA2C4_1F07)
        var merged = 0
        for _ in 0..<200 {
            let picks = (0..<3).map { _ in versions[Int.random(in: versions.indices, using: &random)] }
            let victim = Int.random(in: 0..<3, using: &random)
            let triple = picks.enumerated().map { $0.offset == victim ? Self.damaged($0.element, &random) : $0.element }
            do {
                let result = try F.merge(base: triple[0], ours: triple[1], theirs: triple[2])
                _ = try MergeSource(bytes: Array(result.text.utf8), name: "merged")
                merged += 1
            } catch let error as MergeInputError {
                #expect(!error.message.isEmpty)
            }
        }
        #expect(merged > 80, "only \(merged) of 200 merged")
    }
}
