import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// Drawing changes nothing: on every fixture, at sizes from roomy to too small, after each
/// key of a seeded walk through the screens, rendering again gives the frame on screen and
/// leaves the application and the shell as they were.
@Suite struct RenderPurityTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 132, height: 40), Size(width: 36, height: 10), Size(width: 12, height: 4)]

    @Test(arguments: MonkeyCorpusTests.files.map(\.lastPathComponent))
    func renderingTwiceGivesTheSameFrameAndChangesNothing(file: String) throws {
        let url = try #require(MonkeyCorpusTests.files.first { $0.lastPathComponent == file })
        for size in Self.sizes {
            let application = Application(storyboardDirectories: [url.deletingLastPathComponent()])
            _ = try FlowDriver.launch(try application.storyboard(contentsOf: url))
            let pilot = Pilot(application: application, size: size)
            var random = SeededRandomGenerator(seed: UInt64(size.width * 1_000 + size.height))
            #expect(RenderPurity.violation(in: pilot.shell) == nil, "\(file) at \(size), first screen")
            for step in 0..<30 {
                let keys = pilot.shell.lastFrame.bindings
                    .filter { $0.command != .quit && $0.command != .forceQuit }.flatMap(\.keys)
                let key = keys.isEmpty ? Key.escape : keys[Int.random(in: 0..<keys.count, using: &random)]
                pilot.press(key)
                if pilot.shell.exit != nil { break }
                if let problem = RenderPurity.violation(in: pilot.shell) {
                    Issue.record("\(file) at \(size), after key \(step) (\(key)): \(problem)")
                    break
                }
            }
        }
    }
}
