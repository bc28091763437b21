import Flow
import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Fault drill: a storm of window resizes, down to 1×1, while a text field holds typed text.
    @Suite struct ResizeStormDrillTests {
        let app: TerminalApp
        typealias Palette = ColorboardEndToEndTests

        init() throws {
            app = try TerminalApp()
        }

        /// Red's editor at full size with the name typed.
        static let editor = Palette.editor(named: "Storm name")

        /// Sizes below the 20×6 minimum and what each shows. At 1×1 the only cell is the
        /// bottom-right corner, which curses cannot write on a terminal that wraps there
        /// without scrolling the screen, so it stays blank.
        static let checkpoints: [(width: Int, height: Int, screen: [String])] = [
            (12, 4, ["", " Too small", " need 20×6", ""]),
            (3, 1, ["To…"]),
            (1, 2, ["…", ""]),
            (1, 1, [""]),
            (19, 40, Array(repeating: "", count: 19) + ["Terminal too small", " 19×40, need 20×6"] + Array(repeating: "", count: 19)),
            (200, 5, [
                "",
                String(repeating: " ", count: 91) + "Terminal too small",
                String(repeating: " ", count: 92) + "200×5, need 20×6",
                "",
                "",
            ]),
        ]

        @Test func twoHundredResizesDownToOneByOneKeepTheTypedTextAndTheLayout() throws {
            let seed = UInt64(ProcessInfo.processInfo.environment["RESIZE_DRILL_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
            var random = SeededRandomGenerator(seed: seed)
            let name = "Storm name"
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitForScreen(Palette.palette)
            try tmux.send("Enter")
            try tmux.waitForScreen(Palette.redsEditor)
            try tmux.send("C-u")
            try tmux.type(name)
            try tmux.waitForScreen(Self.editor)

            // Eight bursts of 25 resizes, each sent as one tmux command list so they arrive
            // faster than the app can draw; after each burst a size below the minimum, checked.
            var resizes = 0
            for burst in 0..<8 {
                var arguments: [String] = []
                for _ in 0..<25 {
                    let tiny = Int.random(in: 0..<5, using: &random) == 0
                    let width = tiny ? 1 : Int.random(in: 1...160, using: &random)
                    let height = tiny ? 1 : Int.random(in: 1...60, using: &random)
                    arguments += ["resize-window", "-t", tmux.session, "-x", "\(width)", "-y", "\(height)", ";"]
                    resizes += 1
                }
                let checkpoint = Self.checkpoints[burst % Self.checkpoints.count]
                arguments += ["resize-window", "-t", tmux.session, "-x", "\(checkpoint.width)", "-y", "\(checkpoint.height)"]
                try tmux.command(arguments)
                do { try tmux.waitForScreen(checkpoint.screen) } catch {
                    throw TmuxError("the \(checkpoint.width)×\(checkpoint.height) screen, seed \(seed): \(error)")
                }
                #expect(try TerminalApp.jobPID(in: tmux) != nil, "seed \(seed): the app died")
            }
            try tmux.resize(width: 80, height: 24)
            try tmux.waitForScreen(Self.editor)
            let afterStormStyled = try tmux.captureWithEscapes()
            print("drill: resize storm: \(resizes) random resizes and 8 below the minimum (seed \(seed)); editor intact at 80×24")

            // The same state from a fresh start: quit mid-edit, relaunch, and the restored
            // editor must be drawn exactly as the one that went through the storm.
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 128 + Int(SIGINT))
            try tmux.type("clear")
            try tmux.send("Enter")
            try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
            try app.run("run colorboard", in: tmux)
            try tmux.waitForScreen(Self.editor)
            #expect(afterStormStyled == (try tmux.captureWithEscapes()), "seed \(seed): colours and attributes differ")
            // Red's row now has the name.
            try tmux.send("Escape")
            try tmux.waitForScreen(Palette.palette.map { $0 == "    Red                                                                       ›" ? "    Storm name                                                                ›" : $0 })
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
            #expect(try app.storeHelper("colors").first == name)
        }
    }
}
