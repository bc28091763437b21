import CommandSupport
import ArgumentParser
import BundledStoryboards
import Demos
import Flow
import FoundationEssentials
import TUI

/// `storyboard monkey`: seeded random input through storyboards, headless, with the
/// shell's invariants checked after every event.
struct MonkeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Send seeded random keys, text, clicks and resizes through storyboards, checking after every event.",
        discussion: """
            Runs headless on an in-memory terminal. After each event it checks that something \
            is on screen, that no navigation stack is empty, that the screen shows the top \
            controller, and that frames are well formed; now and then it presses Esc until \
            the first screen is back (nothing presented, no pushed screen), and it checks the store's integrity as it goes. A \
            failure prints its seed and event number: run again with that seed to replay it. With --screen-reader, every \
            frame is also checked to show the cursor and no box-drawing or block character.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "Storyboard files, app folders, folders of storyboards, or bundled names (default: every bundled storyboard).")
    var targets: [String] = []

    @Option(help: "Events per storyboard.")
    var events = 100_000

    @Option(help: "The seed (default: a random one, printed first).")
    var seed: UInt64?

    // Unconditional, so a negative size ("-5x10") reaches the size check instead of being
    // taken for an option.
    @Option(parsing: .unconditional, help: "Screen size as COLSxROWS.")
    var size = "80x24"

    @Option(name: .customLong("data-dir"), help: "Where the demos keep their data (default: a new temporary directory per storyboard, removed afterwards).")
    var dataDirectory: String?

    @OptionGroup var language: LocaleOption

    @Flag(name: .customLong("screen-reader"), help: ScreenReaderSetting.flagHelp)
    var screenReader = false

    func validate() throws {
        guard events > 0 else { throw ValidationError("--events must be at least 1") }
        guard Render.parseSize(size) != nil else {
            throw ValidationError("--size must look like 80x24 (columns x rows, each 1 to 1000), not \"\(size)\"")
        }
    }

    func run() throws {
        let screenSize = Render.parseSize(size) ?? Size(width: 80, height: 24)
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(Int64.max))
        let names = targets.isEmpty ? BundledStoryboards.listedNames.map { $0.lowercased() } : targets
        // Every target is found before anything is printed: a missing file is one line,
        // with no seed banner above it.
        for name in names {
            do {
                try StoryboardTarget.resolve(name).checkReadable()
            } catch {
                StandardError.report(error.message)
                throw ExitCode(error.status.rawValue)
            }
        }
        print("seed \(seed), \(events) events per storyboard, \(screenSize.width)x\(screenSize.height)"
            + (screenReader ? ", screen-reader mode" : ""))
        var failed = false
        for name in names {
            if try !runMonkey(on: name, seed: seed, size: screenSize) { failed = true }
        }
        if failed { throw ExitCode(ExitStatus.problems.rawValue) }
    }

    /// One storyboard's run; false when an invariant broke.
    private func runMonkey(on target: String, seed: UInt64, size: Size) throws -> Bool {
        let directory: URL
        var temporary: URL?
        if let dataDirectory {
            directory = URL(fileURLWithPath: dataDirectory, isDirectory: true)
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-monkey-\(UUID().uuidString)")
            temporary = directory
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        var session: AppSession?
        let launch: Monkey.Launch = { savedState in
            let opened = try AppSession(
                target: target, dataDirectory: directory.path, languages: language.preference, explicitLanguage: language.isExplicit)
            session = opened
            if let savedState {
                try opened.start(restoring: savedState)
            } else {
                try opened.start(scene: nil, fresh: true)
            }
            return opened.application
        }
        let monkey: Monkey
        do {
            monkey = try Monkey(seed: seed, size: size, screenReader: screenReader, launch: launch)
        } catch let failure as CommandFailure {
            StandardError.report(failure.message)
            throw ExitCode(failure.status.rawValue)
        }
        monkey.externalCheck = {
            guard let store = session?.store as? DemoStore else { return nil }
            do {
                let result = try store.integrityCheck()
                return result == ["ok"] ? nil : "integrity_check: \(result.joined(separator: "; "))"
            } catch {
                return "integrity_check failed: \(error)"
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let label = Sanitizer.sanitize(target)
        do {
            let report = try monkey.run(events: events) { sent in
                if sent % 100_000 == 0 {
                    StandardError.report("\(label): \(sent) events, \(Self.seconds(clock.now - start))")
                }
            }
            print("\(label): ok, \(CountedNoun.phrase(report.events, "event")) in \(Self.seconds(clock.now - start)); "
                + "\(CountedNoun.phrase(report.screensSeen.count, "screen")), \(CountedNoun.phrase(report.relaunches, "relaunch")), "
                + "\(CountedNoun.phrase(report.dismissals, "time")) back to the first screen with Esc, "
                + "\(CountedNoun.phrase(report.resizes, "resize"))")
            return true
        } catch {
            print("\(label): FAILED \(error)")
            print("replay: storyboard monkey \(label) --seed \(error.seed) --events \(error.event)")
            return false
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let components = duration.components
        let value = Double(components.seconds) + Double(components.attoseconds) / 1e18
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
