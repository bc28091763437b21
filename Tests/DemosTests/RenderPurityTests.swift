import Flow
import Testing
import TUI

/// Drawing changes nothing, on the bundled storyboards with their code and store: after each
/// key of a seeded walk, at sizes from roomy to too small, rendering again gives the frame on
/// screen and leaves the application (its store-backed lists included) and the shell as they
/// were.
@Suite struct RenderPurityTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 200, height: 60), Size(width: 40, height: 12), Size(width: 19, height: 5)]

    @Test(arguments: MonkeyTests.storyboards)
    func renderingTwiceGivesTheSameFrameAndChangesNothing(storyboard: String) throws {
        for size in Self.sizes {
            let demo = try RunningDemo(storyboard)
            let pilot = Pilot(application: demo.application, size: size)
            var random = SeededRandomGenerator(seed: UInt64(size.width * 1_000 + size.height))
            #expect(RenderPurity.violation(in: pilot.shell) == nil, "\(storyboard) at \(size), first screen")
            for step in 0..<60 {
                let keys = pilot.shell.lastFrame.bindings
                    .filter { $0.command != .quit && $0.command != .forceQuit }.flatMap(\.keys)
                let key = keys.isEmpty ? Key.escape : keys[Int.random(in: 0..<keys.count, using: &random)]
                pilot.press(key)
                if pilot.shell.exit != nil { break }
                if let problem = RenderPurity.violation(in: pilot.shell) {
                    Issue.record("\(storyboard) at \(size), after key \(step) (\(key)): \(problem)")
                    break
                }
            }
        }
    }
}
