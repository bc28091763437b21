import Flow
import Foundation
import Testing
import TUI
@testable import Demos

/// Seeded random keys, clicks and resizes through each bundled storyboard, checking after
/// every event that the shell still holds together. A failure names its seed and step.
@Suite struct MonkeySmokeTests {
    static let keys: [Key] = [
        .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end,
        .pageUp, .pageDown, .char("+"), .char("-"), .char("d"), .char("e"), .char("i"), .char("t"), .char("g"),
        .char("?"), .char("1"), .char("2"), .char("3"), .char(" "), .char("x"), .char("é"), .char("漢"),
        .ctrl("s"), .ctrl("r"), .ctrl("u"), .paste("pasted\u{1B}[31m text"),
    ]

    @Test(arguments: ["dailybuzz", "colorboard", "tour", "launcher"])
    func randomEventsKeepTheShellWhole(storyboard: String) throws {
        let seed = UInt64(storyboard.unicodeScalars.reduce(7) { $0 &* 31 &+ UInt64($1.value) })
        var random = SplitMix64(seed: seed)
        let demo = try RunningDemo(storyboard)
        let pilot = Pilot(application: demo.application, size: Size(width: 80, height: 24))
        for step in 0..<3_000 {
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 3 {
                pilot.resize(width: Int.random(in: 1...140, using: &random), height: Int.random(in: 1...50, using: &random))
            } else if roll < 10 {
                pilot.click(x: Int.random(in: 0..<80, using: &random), y: Int.random(in: 0..<24, using: &random))
            } else {
                let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)]
                pilot.press(key)
            }
            try #require(pilot.shell.exit == nil, "seed \(seed) step \(step): the shell stopped")
            let layers = demo.application.presentationLayers
            try #require(!layers.isEmpty, "seed \(seed) step \(step): nothing on screen")
            try #require(demo.application.topViewController != nil, "seed \(seed) step \(step): no top controller")
            if let frame = pilot.terminal.lastFrame {
                try #require(frame.invariantViolations().isEmpty, "seed \(seed) step \(step): \(frame.invariantViolations())")
            }
        }
        #expect(try demo.store.integrityCheck() == ["ok"])
        #expect(pilot.terminal.frameCount > 3_000)
    }
}
