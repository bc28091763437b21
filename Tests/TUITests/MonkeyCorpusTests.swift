import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// The monkey through storyboards shaped like the ones people bring, run as they arrive:
/// without their code. `Tests/Corpus` holds files written for the traps seen in real
/// projects (Cancel and Done wired to actions, navigation controllers whose root comes from
/// code, custom segues to other storyboards, presentations inside presentations);
/// `Tests/FlowTests/Fixtures/RealWorld` holds the loader's real-world fixtures. Every
/// invariant is as strict as for the bundled storyboards, including that Esc alone closes
/// everything presented.
///
/// `MONKEY_SEED` and `MONKEY_EVENTS` replay or lengthen a run, as for `MonkeyTests`.
@Suite struct MonkeyCorpusTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static var files: [URL] {
        let folders = [testsFolder.appendingPathComponent("Corpus"), testsFolder.appendingPathComponent("FlowTests/Fixtures/RealWorld")]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".storyboard") }.sorted().map { folder.appendingPathComponent($0) }
        }
    }

    static var events: Int {
        ProcessInfo.processInfo.environment["MONKEY_EVENTS"].flatMap(Int.init) ?? 2_000
    }

    @Test func theCorpusIsThere() {
        // A corpus that went missing would make the test below pass on nothing.
        #expect(Self.files.count >= 16, "\(Self.files.map(\.lastPathComponent))")
    }

    @Test(arguments: files.map(\.lastPathComponent))
    func withoutItsCodeNoScreenTrapsTheUser(file: String) throws {
        try run(file, screenReader: false, events: Self.events)
    }

    /// The same in the screen-reader mode, where every frame must also show the cursor and no
    /// box-drawing or block character.
    @Test(arguments: files.map(\.lastPathComponent))
    func inTheScreenReaderModeNoScreenTrapsTheUserOrDrawsALine(file: String) throws {
        try run(file, screenReader: true, events: max(1, Self.events / 2))
    }

    private func run(_ file: String, screenReader: Bool, events: Int) throws {
        let url = try #require(Self.files.first { $0.lastPathComponent == file })
        let launch: Monkey.Launch = { savedState in
            let application = Application(storyboardDirectories: [url.deletingLastPathComponent()])
            let storyboard = try application.storyboard(contentsOf: url)
            if let savedState {
                try application.restoreState(from: savedState, storyboard: storyboard)
            } else {
                _ = try FlowDriver.launch(storyboard)
            }
            return application
        }
        let seed = ProcessInfo.processInfo.environment["MONKEY_SEED"].flatMap(UInt64.init)
            ?? file.unicodeScalars.reduce(11) { $0 &* 31 &+ UInt64($1.value) }
        let monkey = try Monkey(seed: seed, screenReader: screenReader, launch: launch)
        do {
            let report = try monkey.run(events: events)
            #expect(report.events == events)
        } catch {
            Issue.record("""
                \(file)\(screenReader ? " (screen reader)" : ""): \(error)
                replay: MONKEY_SEED=\(error.seed) MONKEY_EVENTS=\(error.event) swift test --filter MonkeyCorpusTests
                """)
        }
    }
}
