import Foundation
import Testing

@testable import Flow

/// Ways to damage a storyboard the way bad tools, bad disks and hostile authors do.
private enum Mutation: CaseIterable {
    case flipBit, truncate, duplicateLine, deleteLine, swapLines, insertToken, repeatSpan, replaceID

    static let tokens: [[UInt8]] =
        [
            "<", ">", "&", "\"", "'", "\u{1B}", "\u{1B}[31m", "</", "/>", "]]>", "<!--", "<![CDATA[", "&amp;",
            "&#0;", "&#x1B;", "&lt;", "<!DOCTYPE x>", "<?xml version=\"1.0\"?>", " id=\"dup\"",
            "<segue kind=\"show\"/>",
            "<segue destination=\"nowhere\" kind=\"show\" id=\"fz\"/>", "<exit id=\"fx\" sceneMemberID=\"exit\"/>",
            "<viewController id=\"fz\" sceneMemberID=\"viewController\"/>", "\u{202E}", "é", "🙂", "<?", "?>", "<?pi?>",
            "xmlns:a=\"b\"", "a:b", "<!---->",
        ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    func apply(to bytes: inout [UInt8], using random: inout SeededRandomGenerator) {
        func lineRanges() -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                ranges.append(start..<index + 1)
                start = index + 1
            }
            if start < bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        switch self {
        case .flipBit:
            guard !bytes.isEmpty else { return }
            let index = Int.random(in: bytes.indices, using: &random)
            bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
        case .truncate:
            bytes.removeLast(Int.random(in: 0...bytes.count, using: &random))
        case .duplicateLine:
            guard let line = lineRanges().randomElement(using: &random) else { return }
            bytes.insert(contentsOf: Array(bytes[line]), at: line.upperBound)
        case .deleteLine:
            guard let line = lineRanges().randomElement(using: &random) else { return }
            bytes.removeSubrange(line)
        case .swapLines:
            let lines = lineRanges()
            guard lines.count > 2 else { return }
            let first = Int.random(in: 0..<lines.count - 1, using: &random)
            let second = Int.random(in: first + 1..<lines.count, using: &random)
            let a = Array(bytes[lines[first]])
            let b = Array(bytes[lines[second]])
            bytes.replaceSubrange(lines[second], with: a)
            bytes.replaceSubrange(lines[first], with: b)
        case .insertToken:
            let token = Self.tokens.randomElement(using: &random) ?? []
            bytes.insert(contentsOf: token, at: Int.random(in: 0...bytes.count, using: &random))
        case .repeatSpan:
            guard bytes.count > 1 else { return }
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...200, using: &random))
            bytes.insert(contentsOf: Array(bytes[start..<end]), at: end)
        case .replaceID:
            // Point one id="…" at another: duplicate ids and dangling destinations.
            let text = String(decoding: bytes, as: UTF8.self)
            let pattern = "id=\""
            let values = text.components(separatedBy: pattern).dropFirst().compactMap {
                $0.split(separator: "\"").first
            }
            guard let from = values.randomElement(using: &random), let to = values.randomElement(using: &random)
            else { return }
            bytes = Array(text.replacingOccurrences(of: "\"\(from)\"", with: "\"\(to)\"").utf8)
        }
    }
}

@Suite("Loader against damaged input")
struct LoaderFuzzTests {
    private static let corpus = [StoryboardFixtures.modern, StoryboardFixtures.legacy, StoryboardFixtures.containers]
        .map { Array($0.utf8) }

    /// Invisible and control characters must never reach a message.
    private func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// What any accepted document guarantees, whatever the input was.
    private func checkInvariants(of document: StoryboardDocument) {
        var ids = Set<String>()
        for controller in document.controllers {
            #expect(ids.insert(controller.id).inserted, "controller id \(controller.id) twice")
        }
        if let initial = document.initialControllerID {
            #expect(document.controller(id: initial) != nil)
        }
        for controller in document.controllers {
            var identifiers = Set<String>()
            for segue in controller.segues {
                if segue.kind == .unwind {
                    #expect(segue.destinationID == controller.exitID)
                } else {
                    #expect(document.controller(id: segue.destinationID) != nil)
                }
                if segue.kind == .relationship {
                    #expect(segue.owner == .controller)
                    #expect(segue.relationship != nil)
                }
                if let identifier = segue.identifier {
                    #expect(identifiers.insert(identifier).inserted)
                }
            }
        }
    }

    @Test(arguments: 0..<8)
    func mutatedStoryboardsLoadOrFailCleanly(batch: Int) {
        var loaded = 0
        var failed = 0
        for caseNumber in 0..<500 {
            let seed = UInt64(batch * 1_000_000 + caseNumber)
            var random = SeededRandomGenerator(seed: seed)
            var bytes = Self.corpus[Int(seed % UInt64(Self.corpus.count))]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                Mutation.allCases.randomElement(using: &random)?.apply(to: &bytes, using: &random)
            }
            switch loadStoryboard(bytes: Data(bytes), fileName: "Fuzz.storyboard") {
            case .loaded(let result):
                loaded += 1
                #expect(result.warnings.allSatisfy { $0.severity == .warning }, "seed \(seed)")
                #expect(result.warnings.allSatisfy { isSafe($0.message) }, "seed \(seed)")
                checkInvariants(of: result.document)
            case .failed(let diagnostics):
                failed += 1
                #expect(diagnostics.contains { $0.severity == .error }, "seed \(seed)")
                #expect(
                    diagnostics.allSatisfy { $0.file == "Fuzz.storyboard" && $0.location.line >= 0 }, "seed \(seed)")
                #expect(diagnostics.allSatisfy { isSafe($0.message) }, "seed \(seed): \(diagnostics)")
            }
        }
        // Both paths were exercised: some damage is harmless, most is not.
        #expect(loaded > 0)
        #expect(failed > 0)
    }

    @Test func randomBytesNeverLoad() {
        var random = SeededRandomGenerator(seed: 42)
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let outcome = loadStoryboard(bytes: Data(bytes))
            #expect(outcome.document == nil)
            #expect(!outcome.errors.isEmpty)
        }
    }
}
