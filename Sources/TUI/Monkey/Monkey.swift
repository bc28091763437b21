import Flow
import struct FoundationEssentials.Data

/// Seeded random input through a running storyboard, with the shell's promises checked
/// after every event: Android's "monkey", headless.
///
/// Events are keys (half of them chosen from the bindings the screen offers, so the walk
/// goes deep instead of bouncing off keys that mean nothing), typed and pasted text with
/// hostile characters, clicks (mostly on things that can be clicked), the mouse wheel,
/// resizes down to 1×1, and now and then a quit followed by a relaunch from the saved
/// state. Every so often the monkey presses Esc until the first screen is back, which
/// shows that no presented or pushed controller traps the user.
///
/// The whole run is decided by the seed: the same seed and launch replay the same events,
/// so a failure is reproduced by running again with the seed it names.
public final class Monkey {
    /// Starts the app: from a saved state when one is given (a relaunch), else fresh.
    /// Returns the application with its root set.
    public typealias Launch = (_ savedState: Data?) throws -> Application

    /// The seed that decides every event.
    public let seed: UInt64
    /// The size the run starts at and keeps returning to.
    public let homeSize: Size
    /// The pilot driving the current launch.
    public private(set) var pilot: Pilot
    /// Checks outside the shell (a store's integrity), run every `checkInterval` events
    /// and at the end; returns a problem, or nil.
    public var externalCheck: (() -> String?)?
    /// Events between runs of `externalCheck`.
    public var checkInterval = 5_000
    /// Events between checks that drawing changes nothing (`RenderPurity`); 0 never checks.
    public var purityInterval = 25
    /// Whether every launch runs in the screen-reader mode.
    public let screenReader: Bool

    private let launch: Launch
    private var random: SeededRandomGenerator
    private var report = MonkeyReport()
    private var recent: [String] = []
    private var step = 0
    private var nextDismissal = 0
    /// The keys in force just before the last key, which decide whether it could quit.
    private var lastBindings: [KeyBinding] = []

    /// A monkey over the app `launch` starts, at `size`, with every event decided by `seed`;
    /// with `screenReader`, each launch is in the screen-reader mode.
    public init(seed: UInt64, size: Size = Size(width: 80, height: 24), screenReader: Bool = false, launch: @escaping Launch) throws {
        self.seed = seed
        self.homeSize = size
        self.screenReader = screenReader
        self.launch = launch
        random = SeededRandomGenerator(seed: seed)
        pilot = Pilot(application: try Self.launched(launch, nil, screenReader: screenReader), size: size)
        nextDismissal = Int.random(in: 200..<2_000, using: &random)
    }

    /// Sends `events` events, checking the invariants after each; `progress` is called
    /// every 10,000 events with the number sent so far.
    @discardableResult
    public func run(events: Int, progress: ((Int) -> Void)? = nil) throws(MonkeyFailure) -> MonkeyReport {
        try check()
        for _ in 0..<events {
            step += 1
            try sendRandomEvent()
            try check()
            if step >= nextDismissal {
                try dismissEverything()
                nextDismissal = step + Int.random(in: 200..<2_000, using: &random)
            }
            if step % checkInterval == 0 { try runExternalCheck() }
            if step % 10_000 == 0 { progress?(step) }
        }
        try dismissEverything()
        try runExternalCheck()
        report.events = step
        return report
    }

    // MARK: Events

    /// Keys a person might press anywhere, including ones that mean nothing on most screens.
    static let anyKeys: [Key] = [
        .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end,
        .pageUp, .pageDown, .insert, .function(1), .function(5), .function(12), .unknown,
        .char(" "), .char("+"), .char("-"), .char("?"), .char("g"), .char("t"), .char("i"), .char("j"), .char("k"),
        .char("0"), .char("1"), .char("2"), .char("3"), .char("9"), .char("x"), .char("é"), .char("漢"),
        .ctrl("s"), .ctrl("r"), .ctrl("u"), .ctrl("a"), .ctrl("e"), .ctrl("w"), .ctrl("k"),
        .alt("a"), .alt("d"), .alt("r"), .alt("s"),
    ]

    /// Text typed or pasted: ordinary words, numbers a form accepts or rejects, and the
    /// characters that break terminals and layouts.
    static let texts: [String] = [
        "Kenya AA", "203", "212", "31", "-4", "1e9", "99999999999999999999", "", " ",
        "漢字かな", "e\u{301}", "🧑‍🌾", "👍🏽", "\u{202E}evil\u{202C}", "\u{2066}iso\u{2069}", "zero\u{200B}width",
        "\u{1B}]0;title\u{7}", "\u{1B}]52;c;aGk=\u{7}", "\u{1B}[2J\u{1B}[H", "\u{1B}P1;2q\u{1B}\\", "\u{9B}31m",
        "tab\there", "line\nbreak", "\r\n", "\u{0}nul", String(repeating: "long ", count: 60),
    ]

    private func sendRandomEvent() throws(MonkeyFailure) {
        let roll = Int.random(in: 0..<1_000, using: &random)
        switch roll {
        case 0..<450: try sendBoundKey()
        case 450..<700: try press(Self.anyKeys[Int.random(in: 0..<Self.anyKeys.count, using: &random)])
        case 700..<760:
            let text = Self.texts[Int.random(in: 0..<Self.texts.count, using: &random)]
            log("type \(String(reflecting: text))")
            // One key at a time, as typed: a `q` typed at the root quits, as it should.
            for character in text {
                lastBindings = pilot.shell.lastFrame.bindings
                pilot.press(Key(typing: character))
                try checkExit(after: Key(typing: character))
            }
            return
        case 760..<790:
            let text = Self.texts[Int.random(in: 0..<Self.texts.count, using: &random)]
            try press(.paste(text))
        case 790..<930: click()
        case 930..<960:
            let point = randomPoint()
            let down = Bool.random(using: &random)
            log("wheel \(down ? "down" : "up") at \(point.x),\(point.y)")
            pilot.scroll(down: down, x: point.x, y: point.y)
        case 960..<985: resize()
        case 985..<996: try press(.escape)
        case 996..<998: try press(.char("q"))
        default:
            log("hang-up: save and end, then relaunch")
            try relaunch()
            return
        }
        try checkExit(after: nil)
    }

    /// A key the current screen binds: what a person reading the footer would press.
    private func sendBoundKey() throws(MonkeyFailure) {
        let keys = pilot.shell.lastFrame.bindings
            .filter { $0.command != .quit && $0.command != .forceQuit }
            .flatMap(\.keys)
        guard !keys.isEmpty else {
            try press(.escape)
            return
        }
        try press(keys[Int.random(in: 0..<keys.count, using: &random)])
    }

    /// Presses `key`.
    private func press(_ key: Key) throws(MonkeyFailure) {
        log(String(describing: key))
        lastBindings = pilot.shell.lastFrame.bindings
        pilot.press(key)
        try checkExit(after: key)
    }

    private func click() {
        let hits = pilot.shell.lastFrame.hits
        let point: Point
        if !hits.isEmpty, Int.random(in: 0..<10, using: &random) < 8 {
            let rect = hits[Int.random(in: 0..<hits.count, using: &random)].rect
            point = Point(
                x: rect.x + Int.random(in: 0..<max(1, rect.width), using: &random),
                y: rect.y + Int.random(in: 0..<max(1, rect.height), using: &random))
        } else {
            point = randomPoint()
        }
        log("click at \(point.x),\(point.y)")
        pilot.click(x: point.x, y: point.y)
    }

    private func randomPoint() -> Point {
        let size = pilot.terminal.size
        return Point(x: Int.random(in: -1...max(0, size.width), using: &random), y: Int.random(in: -1...max(0, size.height), using: &random))
    }

    /// Mostly back to the home size; otherwise anything from 1×1 to very wide.
    private func resize() {
        let size: Size
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: size = homeSize
        case 5..<7: size = Size(width: Int.random(in: 1...4, using: &random), height: Int.random(in: 1...4, using: &random))
        default: size = Size(width: Int.random(in: 1...240, using: &random), height: Int.random(in: 1...80, using: &random))
        }
        log("resize to \(size.width)×\(size.height)")
        pilot.resize(width: size.width, height: size.height)
        report.resizes += 1
    }

    /// Ends the app as a quit or a hang-up does (what is being edited and the screens are
    /// saved), then launches it again from the saved state.
    private func relaunch() throws(MonkeyFailure) {
        let application = pilot.shell.application
        pilot.shell.recordFocusForRestoration()
        application.prepareForTermination()
        let state = application.encodeRestorationState()
        let size = pilot.terminal.size
        do {
            pilot = Pilot(application: try Self.launched(launch, state, screenReader: screenReader), size: size)
        } catch {
            throw failure("relaunching from the saved state failed: \(error)")
        }
        report.relaunches += 1
    }

    /// The app `launch` starts from `savedState`, in the screen-reader mode when asked.
    private static func launched(_ launch: Launch, _ savedState: Data?, screenReader: Bool) throws -> Application {
        let application = try launch(savedState)
        if screenReader { application.isScreenReaderRunning = true }
        return application
    }

    /// The shell stops only when asked to: `q` at the root (the key map offers it there and
    /// nowhere else) or Ctrl-C. Then the monkey relaunches, as a person would.
    private func checkExit(after key: Key?) throws(MonkeyFailure) {
        guard let exit = pilot.shell.exit else { return }
        let quitKeys = lastBindings
            .filter { $0.command == .quit || $0.command == .forceQuit }
            .flatMap(\.keys)
        guard exit == .quit, let key, quitKeys.contains(key) else {
            throw failure("the shell stopped (\(exit)) without being asked to")
        }
        report.quits += 1
        try relaunch()
    }

    // MARK: Invariants

    private func check() throws(MonkeyFailure) {
        let application = pilot.shell.application
        if let problem = application.invariantViolations.first { throw failure(problem) }
        let layers = application.presentationLayers
        guard let top = application.topViewController else { throw failure("there is no top view controller") }
        report.screensSeen.insert(Self.name(of: top))
        report.deepestPresentation = max(report.deepestPresentation, layers.count)
        if let navigation = top.navigationController {
            report.deepestStack = max(report.deepestStack, navigation.viewControllers.count)
        }
        guard let frame = pilot.terminal.lastFrame else { throw failure("no frame was drawn") }
        report.frames = pilot.terminal.frameCount
        guard frame.size == pilot.terminal.size else {
            throw failure("the frame is \(frame.size.width)×\(frame.size.height) on a \(pilot.terminal.size.width)×\(pilot.terminal.size.height) terminal")
        }
        let violations = frame.invariantViolations()
        if !violations.isEmpty { throw failure("the frame is malformed: \(violations.prefix(3).joined(separator: "; "))") }
        if application.isScreenReaderRunning, let problem = ScreenReaderCheck.violation(frame, cursor: pilot.terminal.cursor) {
            throw failure(problem)
        }
        if purityInterval > 0, step % purityInterval == 0, let problem = RenderPurity.violation(in: pilot.shell) {
            throw failure(problem)
        }
        let size = frame.size
        let drawsScreens = size.width >= Shell.minimumSize.width && size.height >= Shell.minimumSize.height
        if drawsScreens, pilot.shell.state.overlay == nil {
            guard pilot.shell.lastFrame.topController === top else {
                throw failure("the screen does not show the top controller, \(Self.name(of: top))")
            }
        } else if !drawsScreens, !frame.text.contains(where: { !$0.isWhitespace }) {
            throw failure("a screen too small to draw on is blank instead of saying so")
        }
    }

    /// Presses Esc until the first screen is back: nothing presented, no overlay, and the
    /// navigation stack on screen at its root. Checks after each press; fails if a
    /// presented controller, an alert or a pushed screen will not go.
    private func dismissEverything() throws(MonkeyFailure) {
        if pilot.terminal.size.width < Shell.minimumSize.width || pilot.terminal.size.height < Shell.minimumSize.height {
            log("resize to \(homeSize.width)×\(homeSize.height)")
            pilot.resize(width: homeSize.width, height: homeSize.height)
        }
        guard !isAtFirstScreen else { return }
        let application = pilot.shell.application
        let layers = application.presentationLayers.count
        let stuck = Self.name(of: application.topViewController)
        var presses = 0
        // Each Esc closes one thing: help, the overview, an alert, a pushed screen, a sheet.
        let depth = application.allControllers.count
        let limit = 2 + 3 * depth + 4 * layers
        while !isAtFirstScreen {
            guard presses < limit else {
                throw failure("Esc pressed \(presses) times did not get back to the first screen (\(stuck) was on top)")
            }
            try press(.escape)
            presses += 1
            try check()
        }
        report.dismissals += 1
    }

    /// Whether the app shows its first screen: only the root layer, no overlay, and no
    /// pushed screen on the stack in view (a tab's own root counts: Esc does not switch tabs).
    private var isAtFirstScreen: Bool {
        let application = pilot.shell.application
        guard application.presentationLayers.count <= 1, pilot.shell.state.overlay == nil else { return false }
        guard let navigation = application.topViewController?.navigationController else { return true }
        return navigation.viewControllers.count <= 1
    }

    private func runExternalCheck() throws(MonkeyFailure) {
        if let problem = externalCheck?() { throw failure(problem) }
    }

    // MARK: Reporting

    private func log(_ event: String) {
        if recent.count == 12 { recent.removeFirst() }
        recent.append("\(step): \(event)")
    }

    private func failure(_ problem: String) -> MonkeyFailure {
        MonkeyFailure(seed: seed, event: step, problem: problem, recentEvents: recent, screen: pilot.screen)
    }

    /// A controller's name, as the trace names it.
    static func name(of controller: ViewController?) -> String {
        controller?.debugName ?? "nothing"
    }
}

/// What a monkey run covered.
public struct MonkeyReport: Sendable {
    /// Events sent.
    public var events = 0
    /// Frames drawn by the last launch.
    public var frames = 0
    /// Launches after the first: after a quit, or after a hang-up.
    public var relaunches = 0
    /// Quits with `q` or Ctrl-C.
    public var quits = 0
    /// Resizes sent.
    public var resizes = 0
    /// Times Esc alone led back to the first screen from somewhere else.
    public var dismissals = 0
    /// The most controllers on one navigation stack.
    public var deepestStack = 0
    /// The most presentation layers at once (1 is the root alone).
    public var deepestPresentation = 0
    /// The top controllers seen, by class and storyboard identifier.
    public var screensSeen: Set<String> = []
}

/// A broken invariant, with what is needed to replay it.
public struct MonkeyFailure: Error, CustomStringConvertible {
    /// The run's seed: the same seed replays the same events.
    public var seed: UInt64
    /// The event after which the invariant broke (1 is the first).
    public var event: Int
    /// What was wrong.
    public var problem: String
    /// The last events sent, oldest first, numbered.
    public var recentEvents: [String]
    /// The screen after the failing event, as text.
    public var screen: String

    public var description: String {
        """
        seed \(seed), event \(event): \(problem)
        last events:
        \(recentEvents.map { "  " + $0 }.joined(separator: "\n"))
        screen:
        \(screen)
        """
    }
}
