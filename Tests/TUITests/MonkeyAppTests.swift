import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// The monkey through whole apps (`Tests/Apps`): tabs from three storyboards that reference
/// each other, a reference to a storyboard that is absent (its stand-in must behave as any
/// screen: Esc leaves it), a three-column split view, translations, and containers the file
/// leaves empty. Every invariant is as strict as for the bundled storyboards.
///
/// `MONKEY_SEED` and `MONKEY_EVENTS` replay or lengthen a run, as for `MonkeyTests`.
@Suite struct MonkeyAppTests {
    static var events: Int {
        ProcessInfo.processInfo.environment["MONKEY_EVENTS"].flatMap(Int.init) ?? 2_000
    }

    @Test(arguments: [("Harbor", "base"), ("Harbor", "de"), ("Harbor", "fr"), ("Lighthouse", "base")])
    func acrossReferencesNoScreenTrapsTheUser(app: String, language: String) throws {
        let folder = AppFixtures.folder.appendingPathComponent(app)
        let languages = try #require(LanguagePreference(language))
        var seen: Set<String> = []
        let launch: Monkey.Launch = { savedState in
            let (application, storyboard) = try AppFixtures.open(folder, languages: languages)
            if let savedState {
                try application.restoreState(from: savedState, storyboard: storyboard)
            } else {
                _ = try FlowDriver.launch(storyboard)
            }
            return application
        }
        let seed = ProcessInfo.processInfo.environment["MONKEY_SEED"].flatMap(UInt64.init)
            ?? (app + language).unicodeScalars.reduce(17) { $0 &* 31 &+ UInt64($1.value) }
        let monkey = try Monkey(seed: seed, launch: launch)
        do {
            let report = try monkey.run(events: Self.events)
            #expect(report.events == Self.events)
            seen = report.screensSeen
        } catch {
            Issue.record("""
                \(app) (\(language)): \(error)
                replay: MONKEY_SEED=\(error.seed) MONKEY_EVENTS=\(error.event) swift test --filter MonkeyAppTests
                """)
        }
        if app == "Harbor" {
            // The walk went through references into the other storyboards, and met the stand-in.
            // The stand-in is named, as traces name it, after what it stands in for.
            #expect(seen.contains("Account.storyboard"), "\(seen.sorted())")
            #expect(seen.count >= 5, "\(seen.sorted())")
        }
    }
}
