import Demos
import Flow
import Foundation
import Testing
import TUI

/// The launcher's screen-reader row: a flag turns the mode on for its run only, and the row
/// says so and keeps it on when asked; kept, Enter turns it off; off, Enter turns it on and
/// keeps it. What is kept is `Application.keepsScreenReaderMode`, which `run` saves.
@Suite struct LauncherScreenReaderRowTests {
    static func launcher(on: Bool, kept: Bool) throws -> (RunningDemo, Pilot) {
        let demo = try RunningDemo("launcher", launch: false)
        demo.application.isScreenReaderRunning = on
        demo.application.keepsScreenReaderMode = kept
        _ = try FlowDriver.launch(demo.storyboard)
        let pilot = Pilot(application: demo.application, size: Size(width: 60, height: 24))
        pilot.press(.down, .down, .down)
        return (demo, pilot)
    }

    /// The row as drawn (in the mode, the focus marked with `>`).
    static func row(_ pilot: Pilot) -> String? {
        pilot.screenLines.first { $0.contains("Screen reader mode") }?
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test func onForThisRunEnterKeepsItThenTurnsItOff() throws {
        let (demo, pilot) = try Self.launcher(on: true, kept: false)
        #expect(Self.row(pilot) == ">Screen reader mode On for this run, Enter keeps it on", "\(pilot.screen)")
        pilot.press(.enter)
        #expect(demo.application.isScreenReaderRunning && demo.application.keepsScreenReaderMode)
        #expect(Self.row(pilot) == ">Screen reader mode On, Enter turns it off", "\(pilot.screen)")
        pilot.press(.enter)
        #expect(!demo.application.isScreenReaderRunning && !demo.application.keepsScreenReaderMode)
        #expect(Self.row(pilot) == "Screen reader mode Off", "\(pilot.screen)")
    }

    @Test func offEnterTurnsItOnAndKeepsIt() throws {
        let (demo, pilot) = try Self.launcher(on: false, kept: false)
        #expect(Self.row(pilot) == "Screen reader mode Off", "\(pilot.screen)")
        pilot.press(.enter)
        #expect(demo.application.isScreenReaderRunning && demo.application.keepsScreenReaderMode)
    }
}
