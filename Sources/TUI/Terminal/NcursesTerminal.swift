import CCurses
import Glibc

/// The real terminal, through ncurses.
///
/// Curses does the output (it knows the terminal's capabilities and sends only
/// what changed). Input does not go through curses: standard input is read
/// directly and decoded by `KeyDecoder`, waiting in `poll()` on standard input
/// and the `SignalWatcher` pipe together. That gives one tested decoder for real
/// use and tests, bracketed paste and SGR mouse reports (which curses' keypad
/// does not decode), an exact end-of-input signal (after a hang-up curses'
/// `getch` returns ERR forever and naive loops spin), and no bytes hidden in a
/// curses buffer where `poll()` cannot see them.
///
/// Only one can be open at a time.
public final class NcursesTerminal: Terminal {
    /// Columns and rows, updated on SIGWINCH before `.resize` is returned.
    public private(set) var size: Size
    /// What the terminfo entry and the environment allow (see `ColorDepth.detect`).
    public let colorDepth: ColorDepth
    /// Whether the locale's character set is UTF-8; when not, frames are drawn with
    /// `AsciiFallback`.
    public let isUTF8: Bool
    /// How long a lone ESC waits for the rest of a sequence (ESCDELAY, default 25 ms).
    public let escapeDelay: Int32
    /// The terminfo entry curses draws with: `TERM`'s, its direct-colour sibling when the
    /// terminal takes 24-bit colour, or a fallback when `TERM` has none.
    public let terminalType: String
    /// One line for the status line when `TERM` had no terminfo entry and a fallback is used.
    public let terminalTypeNotice: String?
    /// Whether frames are wrapped in synchronized output (mode 2026), which the terminal said
    /// it knows. It may say so after the first frames: the question is never waited for alone.
    public private(set) var synchronizesFrames = false
    /// The recording of this session, when it is recorded (`storyboard run --record`).
    public let recorder: AsciicastRecorder?
    /// Waited on beside input and signals; `.wake` when readable (see `Terminal`).
    public var wakeDescriptor: Int32?

    private let screen: OpaquePointer
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let watcher: SignalWatcher
    private let input: Int32
    private let output: Int32
    /// What curses writes on (a copy of `output`'s descriptor), and so what the app writes
    /// its own sequences on, so that everything reaches the terminal, or the recording, in
    /// the order written.
    private let drawingDescriptor: Int32
    /// The tee to the recorder while recording.
    private var relay: OutputRelay?
    /// The terminal modes curses set up for the program, put back after a suspend while the
    /// relay holds curses' descriptor (curses' own `reset_prog_mode` would set them on the pipe).
    private var programModes = termios()
    private let colorCount: Int
    private let hasDefaultColors: Bool
    private var pairs: ColorPairCache
    private var decoder = KeyDecoder()
    private var queued: [Key] = []
    private var inputClosed = false
    private var hungUp = false
    private var isShutDown = false
    private var ignoreNextResume = false
    private var cursor: Point?
    /// Where the hidden cursor is left after a frame (the focused element), for screen
    /// readers that follow it.
    private var restingCursor: Point?
    /// Rows the next frame writes whole, whatever the screen shows already.
    private var rowsToRewrite: [Range<Int>] = []
    /// Set while answers to the start-up questions may still arrive (they were not waited
    /// for, or the wait ended first).
    private var lateAnswers: TerminalQuery.LateAnswerFilter?
    /// The frame curses holds now; nil when its screen must be written in full.
    private var lastDrawn: CellBuffer?

    // 1000 then 1002: presses, and motion while a button is held (a slider's drag) where
    // the terminal has it; 1006 reports them as numbers.
    private static let enterSequence = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
    private static let leaveSequence = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    private static let pasteTimeout: Int32 = 1000

    /// Opens the terminal on standard input and output (or the descriptors given).
    ///
    /// Checks everything that could make curses print or exit before curses is
    /// started, so a failure leaves the terminal untouched.
    ///
    /// - Parameters:
    ///   - environment: `TERM`, `NO_COLOR`, `ESCDELAY`, `LANG`/`LC_*`, `COLORTERM` and what
    ///     else says 24-bit colour are read.
    ///   - recorder: when given, everything written to the terminal from the first frame on is
    ///     recorded, with the terminal's resizes, until `shutdown()` begins.
    ///   - asksTerminal: whether the terminal may be asked what it takes (24-bit colour,
    ///     synchronized output). A screen reader that is itself a terminal emulator (tdsr)
    ///     speaks the parts of a question it does not parse ("$qm"), so in the screen-reader
    ///     mode nothing is asked: colour comes from the environment alone, frames unwrapped.
    ///   - input: the terminal's input (a test's pseudo-terminal instead of standard input).
    ///   - output: the terminal's output.
    public init(
        environment: [String: String], recorder: AsciicastRecorder? = nil, asksTerminal: Bool = true,
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) throws(TerminalError) {
        self.input = input
        self.output = output
        self.recorder = recorder
        guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .terminalTypeUnset }
        guard term != "dumb" else { throw .dumbTerminal }
        guard !NcursesTerminal.isOpen else { throw .alreadyActive }

        var drawingType = term
        var probe = sb_probe_terminfo(term, output)
        if probe.status == 0 {
            // A terminal newer than this machine's terminfo (common over ssh): draw with the
            // nearest entry there is, and say so once.
            for candidate in TerminalTypeFallback.candidates {
                let found = sb_probe_terminfo(candidate, output)
                if found.status == 1 {
                    probe = found
                    drawingType = candidate
                    break
                }
            }
        }
        switch probe.status {
        case 1: break
        case 0: throw .unknownTerminalType(term)
        default: throw .noTerminfoDatabase
        }
        guard probe.has_cursor_addressing != 0 else {
            throw .missingCapability(terminalType: drawingType, capability: "cup")
        }
        let fellBack = drawingType != term

        // 24-bit colour on an entry without it: draw with the family's direct-colour entry
        // when the terminal is known, or answers, to take it. Synchronized output is asked in
        // the same round trip when colour is; otherwise its question goes out once the screen
        // is set up, and nothing waits for the answer.
        var typedDuringQuery: [UInt8] = []
        let asksSynchronizedOutput = SynchronizedOutput.isWorthAsking(term: term)
        var synchronizedOutputAsked = false
        let known =
            asksTerminal
            ? TerminalQuery.Answers.known(in: environment)
            : TerminalQuery.Answers(trueColor: TrueColorSupport.impliedByEnvironment(environment), synchronizedOutput: false)
        if let known {
            synchronizesFrames = known.synchronizedOutput ?? false
            synchronizedOutputAsked = true
        }
        let noColorRequested = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColorRequested, probe.colors >= 8, probe.has_rgb == 0 {
            let direct = TrueColorSupport.directEntries(requested: term, drawingWith: drawingType).lazy
                .map { (name: $0, probe: sb_probe_terminfo($0, output)) }
                .first { $0.probe.status == 1 && $0.probe.has_rgb != 0 && $0.probe.has_cursor_addressing != 0 }
            if let direct {
                var takesTrueColor = known?.trueColor ?? TrueColorSupport.impliedByEnvironment(environment)
                if !takesTrueColor, known == nil {
                    let query = TerminalQuery(asksTrueColor: true, asksSynchronizedOutput: asksSynchronizedOutput)
                    let answer = Self.ask(query, input: input, output: output, timeout: Self.queryTimeout)
                    takesTrueColor = answer.answers.trueColor
                    synchronizesFrames = answer.answers.synchronizedOutput ?? false
                    synchronizedOutputAsked = asksSynchronizedOutput
                    typedDuringQuery = answer.typed
                    lateAnswers = answer.lateAnswers
                }
                if takesTrueColor {
                    drawingType = direct.name
                    probe = direct.probe
                }
            }
        }
        terminalType = drawingType
        terminalTypeNotice = fellBack ? TerminalTypeFallback.notice(requested: term, used: drawingType) : nil

        isUTF8 = sb_setup_locale(TerminalEnvironment.localeIsUTF8(environment) ? 1 : 0) == 1
        escapeDelay = Self.escapeDelay(from: environment)

        watcher = try SignalWatcher()
        guard SignalWatcher.saveModes(of: output) else {
            watcher.uninstall()
            throw .setupFailed("cannot read the terminal modes")
        }
        // With LINES and COLUMNS unset, curses sizes its screens from the terminal, as
        // `currentSize()` does, and makes them once; otherwise it must not take them from the
        // environment (they would override the window's size) and makes them at the entry's
        // size, which `resizeterm` below corrects.
        use_env(getenv("LINES") == nil && getenv("COLUMNS") == nil)
        var outFile: UnsafeMutablePointer<FILE>?
        var inFile: UnsafeMutablePointer<FILE>?
        guard let opened = sb_newterm(drawingType, output, input, &outFile, &inFile),
            let outFile, let inFile
        else {
            watcher.uninstall()
            throw .setupFailed("newterm failed for TERM \(Sanitizer.sanitize(drawingType))")
        }
        screen = opened
        outputFile = outFile
        inputFile = inFile
        drawingDescriptor = fileno(outFile)
        NcursesTerminal.isOpen = true

        // From here on the terminal is changed: arm the restore first.
        _ = SignalWatcher.arm(exitSequence: Self.exitSequence())

        var useColor = has_colors()
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { useColor = false }
        if useColor { useColor = start_color() != sb_err() }
        hasDefaultColors = useColor && use_default_colors() != sb_err()
        colorCount = useColor ? Int(sb_colors()) : 0
        colorDepth = ColorDepth.detect(
            environment: environment, hasColors: useColor, colorCount: colorCount,
            isDirectColor: probe.has_rgb != 0)
        pairs = ColorPairCache(pairCount: useColor ? Int(sb_color_pairs()) : 0)

        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = intrflush(sb_stdscr(), false)
        _ = typeahead(-1)
        _ = sb_make_keys_reachable(output)
        _ = def_prog_mode()
        _ = tcgetattr(output, &programModes)
        _ = curs_set(0)

        size = .zero
        size = currentSize()
        if asksSynchronizedOutput && !synchronizedOutputAsked {
            // Asked now that echo is off, so the answer is read as input, never shown, and
            // before a recording starts, so a replay asks the viewer's terminal nothing; the
            // filter takes the answer out of the keys whenever it comes.
            writeRaw(String(decoding: TerminalQuery(asksTrueColor: false, asksSynchronizedOutput: true).request, as: UTF8.self))
            if lateAnswers == nil { lateAnswers = TerminalQuery.LateAnswerFilter() }
        }
        if let recorder {
            // From the first frame on: what curses wrote while starting (entering the
            // alternate screen) is not part of what the screen shows.
            relay = OutputRelay(takingOver: drawingDescriptor, recorder: recorder)
            if relay != nil {
                recorder.start(size: size, terminalType: term)
            } else {
                recorder.fail("the output could not be relayed: \(String(cString: strerror(errno)))")
            }
        }
        _ = resizeterm(Int32(size.height), Int32(size.width))
        // The screen is cleared by the first frame: curses' first update after `newterm` starts
        // with a clear (updating an empty screen first cost a wide one 0.3 ms before the
        // first frame).
        writeRaw(Self.enterSequence)
        // Keys typed while the terminal was being asked about colour are the user's.
        if !typedDuringQuery.isEmpty { queued = decoder.feed(typedDuringQuery[...]) }
    }

    deinit {
        shutdown()
    }

    // MARK: - Output

    /// Shows `buffer` as the screen, in one piece where the terminal can hold a frame back.
    public func draw(_ buffer: CellBuffer) {
        guard !isShutDown else { return }
        if !drawCells(buffer, since: lastDrawn) {
            // Out of colour pairs: start over with a fresh set.
            reset_color_pairs()
            pairs.reset()
            _ = drawCells(buffer, since: nil)
        }
        lastDrawn = buffer
        // Curses is told these rows are not what it thinks, so it writes them out in full.
        for rows in rowsToRewrite {
            let lower = max(0, rows.lowerBound), upper = min(size.height, rows.upperBound)
            if upper > lower { _ = wredrawln(sb_stdscr(), Int32(lower), Int32(upper - lower)) }
        }
        placeCursor()
        _ = wnoutrefresh(sb_stdscr())
        // Curses has written nothing yet: all of the frame goes out in `doupdate`.
        if synchronizesFrames { writeRaw(SynchronizedOutput.begin) }
        _ = doupdate()
        if synchronizesFrames { writeRaw(SynchronizedOutput.end) }
    }

    /// Puts `text` on the user's clipboard with OSC 52.
    @discardableResult
    public func copyToClipboard(_ text: String) -> Bool {
        guard !isShutDown, !hungUp, let sequence = ClipboardSequence.copying(text) else { return false }
        return writeRaw(sequence)
    }

    /// Shows `buffer`, and in the same update the cursor at `cursor`, or hidden at
    /// `resting`: one write, in which moving the cursor costs only its own few bytes.
    public func show(_ buffer: CellBuffer, cursor: Point?, resting: Point?, rewriting: [Range<Int>]) {
        self.cursor = cursor
        restingCursor = resting
        rowsToRewrite = rewriting
        draw(buffer)
        rowsToRewrite = []
    }

    /// Shows the cursor at `point` or hides it.
    public func setCursor(_ point: Point?) {
        cursor = point
        restingCursor = nil
        guard !isShutDown else { return }
        placeCursor()
        _ = wnoutrefresh(sb_stdscr())
        _ = doupdate()
    }

    /// Writes the cells that differ from `previous` (every cell when there is none, or its
    /// size differs); false when colour pairs ran out. Curses would work out the changes
    /// anyway, but handing it only those saves most of a frame's work on a key press.
    private func drawCells(_ buffer: CellBuffer, since previous: CellBuffer?) -> Bool {
        let window = sb_stdscr()
        let unchanged = previous.flatMap { $0.size == buffer.size && buffer.size == size ? $0 : nil }
        if unchanged == nil { _ = werase(window) }
        let rows = min(buffer.height, size.height)
        let columns = min(buffer.width, size.width)
        let stride = buffer.width
        let maximumScalars = Int(sb_ccharw_max())
        var text = [wchar_t](repeating: 0, count: maximumScalars + 1)
        var lastStyle: Style?
        var lastCurses: (attr_t, Int32) = (0, 0)
        let cells = buffer.cells
        let before = unchanged?.cells ?? []
        let changedRows = Self.changedRows(of: cells, since: before, rows: rows, stride: stride)
        let erased = before.isEmpty
        let blank = (sb_attr_normal(), Int32(0))
        // Whether a plain space is what the erased window holds, so a first frame's blank
        // cells are passed over before anything else is looked at.
        let plainIsBlank = erased && cursesStyle(.plain).map { $0 == blank } == true
        // One-column cells of one scalar next to one another in one style (text) are handed
        // over as a run.
        var run: [wchar_t] = []
        run.reserveCapacity(columns)
        var runStart = 0
        var runStyle: (attr_t, Int32) = (0, 0)
        func flush(row y: Int) {
            guard !run.isEmpty else { return }
            _ = run.withUnsafeBufferPointer {
                sb_put_run(window, Int32(y), Int32(runStart), $0.baseAddress, Int32($0.count), runStyle.0, runStyle.1)
            }
            run.removeAll(keepingCapacity: true)
        }
        for y in 0..<rows where changedRows[y] {
            defer { flush(row: y) }
            for x in 0..<columns {
                let index = y * stride + x
                let cell = cells[index]
                guard !cell.isContinuation else { continue }
                if plainIsBlank, cell.code == 0x20, cell.style == .plain { continue }
                if !erased, before[index] == cell,
                    !cell.isWide || x + 1 >= stride || before[index + 1] == cells[index + 1]
                {
                    continue
                }
                // Runs of cells share a style: look its curses form up once per run.
                if cell.style != lastStyle {
                    guard let found = cursesStyle(cell.style) else { return false }
                    lastStyle = cell.style
                    lastCurses = found
                }
                let (attributes, pair) = lastCurses
                // The erased window already holds plain spaces: most of a first frame.
                if erased, cell.code == 0x20, attributes == blank.0, pair == blank.1 { continue }
                // Printable ASCII, and in UTF-8 a simple character that the C library also
                // measures as one column (°, ›, box drawing): what `CursesGlyph` would hand over.
                if cell.isPrintableASCII
                    || (isUTF8 && !cell.isWide && cell.scalar.map { DisplayWidth.isSimple($0.value) && Self.libraryWidth($0) == 1 } == true)
                {
                    if run.isEmpty || runStart + run.count != x || runStyle != (attributes, pair) {
                        flush(row: y)
                        runStart = x
                        runStyle = (attributes, pair)
                    }
                    run.append(wchar_t(bitPattern: cell.code))
                    continue
                }
                flush(row: y)
                let fits = x + cell.width <= size.width
                let glyph = fits
                    ? CursesGlyph.columns(
                        for: cell.character, width: cell.width, isUTF8: isUTF8,
                        maximumScalars: maximumScalars, wcwidth: Self.libraryWidth)
                    : [[" "]]
                for (offset, scalars) in glyph.enumerated() {
                    for index in text.indices { text[index] = 0 }
                    for (index, scalar) in scalars.prefix(maximumScalars).enumerated() {
                        text[index] = wchar_t(bitPattern: scalar.value)
                    }
                    _ = sb_put_cell(window, Int32(y), Int32(x + offset), text, attributes, pair)
                }
            }
        }
        return true
    }

    /// Which rows of `cells` differ from `before` (every row when there is no `before`):
    /// rows are compared as bytes, and a frame after a key changes a few of them, so the
    /// cells of the others are never looked at one by one. Cells are plain data, so equal
    /// bytes are equal cells; unequal bytes (padding) only send a row to the cell by cell
    /// comparison.
    static func changedRows(of cells: [Cell], since before: [Cell], rows: Int, stride: Int) -> [Bool] {
        guard before.count == cells.count, rows * stride <= cells.count else {
            return Array(repeating: true, count: rows)
        }
        let rowBytes = stride * MemoryLayout<Cell>.stride
        return cells.withUnsafeBytes { now in
            before.withUnsafeBytes { then in
                (0..<rows).map { y in
                    memcmp(now.baseAddress! + y * rowBytes, then.baseAddress! + y * rowBytes, rowBytes) != 0
                }
            }
        }
    }

    /// Moves curses' cursor to where the frame wants it: shown at `cursor`, else hidden at
    /// `restingCursor` (curses still moves a hidden cursor there, where screen readers look),
    /// else hidden where the last write left it.
    private func placeCursor() {
        func onScreen(_ point: Point?) -> Point? {
            guard let point, point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return nil }
            return point
        }
        if let cursor = onScreen(cursor) {
            _ = wmove(sb_stdscr(), Int32(cursor.y), Int32(cursor.x))
            _ = curs_set(1)
        } else {
            if let resting = onScreen(restingCursor) { _ = wmove(sb_stdscr(), Int32(resting.y), Int32(resting.x)) }
            _ = curs_set(0)
        }
    }

    /// Curses attributes and colour pair of `style`; nil when pairs ran out.
    private func cursesStyle(_ style: Style) -> (attr_t, Int32)? {
        var attributes = sb_attr_normal()
        if style.attributes.contains(.bold) { attributes |= sb_attr_bold() }
        if style.attributes.contains(.dim) { attributes |= sb_attr_dim() }
        if style.attributes.contains(.reverse) { attributes |= sb_attr_reverse() }
        if style.attributes.contains(.underline) { attributes |= sb_attr_underline() }
        if style.attributes.contains(.italic) { attributes |= sb_attr_italic() }
        guard colorDepth != .none else { return (attributes, 0) }
        let fallback: (Int32, Int32) = hasDefaultColors ? (-1, -1) : (7, 0)
        let foreground = ColorMapping.colorNumber(
            for: style.foreground, depth: colorDepth, colorCount: colorCount) ?? fallback.0
        let background = ColorMapping.colorNumber(
            for: style.background, depth: colorDepth, colorCount: colorCount) ?? fallback.1
        let colors = ColorPairCache.Colors(foreground: foreground, background: background)
        guard let pair = pairs.pair(for: colors, define: { init_extended_pair($0, $1, $2) != sb_err() })
        else { return nil }
        return (attributes, pair)
    }

    private static func libraryWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(sb_wcwidth(scalar.value))
    }

    /// Writes bytes curses does not know about (mouse and paste modes, synchronized output,
    /// the clipboard) on curses' own descriptor, after what curses has flushed; false when
    /// they could not all be written.
    @discardableResult
    private func writeRaw(_ text: String) -> Bool {
        guard !hungUp else { return false }
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeMutableBytes { write(drawingDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        bytes.removeAll()
        return true
    }

    /// What a crash writes to undo full-screen mode: the terminfo strings that
    /// leave the alternate screen, show the cursor and reset attributes, then ours.
    private static func exitSequence() -> [UInt8] {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmcup"] {
            if let value = sb_tigetstr(capability) {
                bytes += TerminfoString.removingDelays(Array(String(cString: value).utf8))
            }
        }
        if bytes.isEmpty { bytes += Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8) }
        bytes += Array(leaveSequence.utf8)
        return bytes
    }

    // MARK: - Input

    /// Waits for the next key or event; nil once input is closed.
    public func readKey() -> Key? {
        while true {
            if !queued.isEmpty { return queued.removeFirst() }
            if inputClosed || isShutDown { return nil }
            waitForInput()
        }
    }

    /// Waits in `poll()` up to `timeout` for a key or event, queueing what arrives.
    public func hasKey(within timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while queued.isEmpty, !inputClosed, !isShutDown {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            waitForInput(limit: Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
        }
        return true
    }

    /// Blocks in `poll()` until input, a signal or an escape timeout (or `limit`
    /// milliseconds, when given), and queues what it brings.
    private func waitForInput(limit: Int32? = nil) {
        var timeout: Int32
        switch decoder.pending {
        case .none: timeout = lateAnswers?.isHolding == true ? escapeDelay : -1
        case .sequence: timeout = escapeDelay
        case .paste: timeout = Self.pasteTimeout
        }
        if let limit { timeout = timeout < 0 ? limit : min(timeout, limit) }
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watcher.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 3, timeout)
        if ready < 0 {
            if errno == EINTR { return }
            closeInput()
            return
        }
        if ready == 0 {
            if var filter = lateAnswers, filter.isHolding {
                // What was held in case it began a late answer: an Esc key, or nothing.
                let held = filter.flushHeld()
                lateAnswers = filter
                queued += decoder.feed(held)
            }
            queued += decoder.flush()
            return
        }
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            handle(watcher.drain())
        }
        if descriptors[2].revents & Int16(POLLIN) != 0, !queued.contains(.wake) {
            queued.append(.wake)
        }
        let events = descriptors[0].revents
        if events & Int16(POLLIN) != 0 {
            readInput()
        } else if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            closeInput()
        }
    }

    private func readInput() {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(input, &bytes, bytes.count)
        if count > 0, var filter = lateAnswers {
            let passed = filter.filter(bytes[0..<count])
            lateAnswers = filter.isDone ? nil : filter
            if filter.synchronizedOutput == true { synchronizesFrames = true }
            queued += decoder.feed(passed)
        } else if count > 0 {
            queued += decoder.feed(bytes[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            closeInput()
        }
    }

    private func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        queued += decoder.flush()
        // When the terminal hangs up, poll() can report the dead input alone while the
        // SIGHUP that came with it is being handled on the way out: its byte is in the pipe
        // by now. Taking it here ends a hang-up as one every time, not as plain end of input.
        handle(watcher.drain())
    }

    private func handle(_ events: [SignalWatcher.Event]) {
        var resized = false
        for event in events {
            switch event {
            case .interrupt:
                watcher.acknowledgeQuit()
                queued.append(.signal(.interrupt))
            case .terminate:
                watcher.acknowledgeQuit()
                queued.append(.signal(.terminate))
            case .hangUp:
                watcher.acknowledgeQuit()
                hungUp = true
                queued.append(.signal(.hangUp))
                closeInput()
            case .resize:
                resized = true
            case .stop:
                suspend()
                resized = true
            case .resume:
                if ignoreNextResume {
                    ignoreNextResume = false
                } else {
                    resume()
                    resized = true
                }
            }
        }
        if resized && !hungUp {
            let previous = size
            size = currentSize()
            if let relay, let recorder, size != previous {
                let newSize = size
                relay.whenForwarded { recorder.resize(to: newSize) }
            }
            _ = resizeterm(Int32(size.height), Int32(size.width))
            lastDrawn = nil
            if !queued.contains(.resize) { queued.append(.resize) }
        }
    }

    // MARK: - Suspend, resize, shutdown

    /// Ctrl-Z: gives the terminal back, stops, and on `fg` takes it again
    /// (the app redraws on the `.resize` that follows).
    private func suspend() {
        guard !hungUp else { return }
        let continues = watcher.continueCount
        writeRaw(Self.leaveSequence)
        _ = curs_set(1)
        _ = endwin()
        // While recording, the way out is still in the relay's pipe: it must reach the
        // terminal before the process stops, threads and all.
        relay?.whenForwarded {}
        SignalWatcher.restoreModes()
        ignoreNextResume = true
        // Run from a script, the rest of the job stops at once and the shell takes the
        // terminal back; restoring the modes then stops us with SIGTTOU, and `fg` continues
        // us here. Stopping again would leave the job stopped while the shell waits on it.
        if watcher.continueCount == continues {
            watcher.stopProcess()
        }
        resume()
    }

    /// Takes the terminal again after the process was stopped and continued: the
    /// program's modes, our reporting modes, and a full repaint on the next frame.
    private func resume() {
        _ = reset_prog_mode()
        // Curses' descriptor is the relay's pipe while recording: set the modes on the terminal.
        if relay != nil { _ = tcsetattr(output, TCSADRAIN, &programModes) }
        _ = clearok(sb_curscr(), true)
        lastDrawn = nil
        _ = wnoutrefresh(sb_stdscr())
        _ = doupdate()
        SignalWatcher.rearm()
        writeRaw(Self.enterSequence)
    }

    /// The window size; a 0×0 report falls back to LINES/COLUMNS, then 80×24.
    private func currentSize() -> Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if sb_window_size(output, &rows, &columns) == 1, rows > 0, columns > 0 {
            return Size(width: Int(columns), height: Int(rows))
        }
        let environmentRows = getenv("LINES").flatMap { Int(String(cString: $0)) } ?? 0
        let environmentColumns = getenv("COLUMNS").flatMap { Int(String(cString: $0)) } ?? 0
        if environmentRows > 0, environmentColumns > 0, environmentRows < 10_000,
            environmentColumns < 10_000
        {
            return Size(width: environmentColumns, height: environmentRows)
        }
        return Size(width: 80, height: 24)
    }

    /// Leaves full-screen mode and restores the terminal as it was at launch.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        writeRaw(Self.leaveSequence)
        _ = curs_set(1)
        // The recording ends on the app's last frame: with the mouse and paste modes given
        // back and the cursor shown (a replay leaves the viewer's terminal as it found it), but
        // without the way out of the screen, which would end a replay on a blank one.
        relay?.stop()
        relay = nil
        recorder?.finish()
        _ = endwin()
        SignalWatcher.disarm()
        SignalWatcher.restoreModes()
        watcher.uninstall()
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        NcursesTerminal.isOpen = false
    }

    // MARK: - Asking the terminal

    /// How long to wait for the terminal's answer about colour; a terminal that answers
    /// nothing (rare: every emulator answers DA1) costs this once at start-up.
    static let queryTimeout: Int32 = 100

    /// Sends `query` and reads the answers, with echo and line editing off meanwhile so the
    /// answers neither show nor wait for Enter. Returns what the terminal said, the bytes typed
    /// meanwhile that were no answer, and, when the answers did not come in time, the filter
    /// that keeps them out of the keys when they do.
    static func ask(
        _ query: TerminalQuery, input: Int32, output: Int32, timeout milliseconds: Int32
    ) -> (answers: TerminalQuery.Answers, typed: [UInt8], lateAnswers: TerminalQuery.LateAnswerFilter?) {
        let none = TerminalQuery.Answers()
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return (none, [], nil) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &quiet.c_cc) { controls in
            controls[Int(VMIN)] = 0
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &quiet) == 0 else { return (none, [], nil) }
        // TCSANOW, never TCSAFLUSH: flushing would throw away what the user typed.
        defer { _ = tcsetattr(input, TCSANOW, &saved) }

        var written = 0
        let request = query.request
        while written < request.count {
            let count = request[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return (none, [], nil)
            }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = Int32((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000)
            guard elapsed < milliseconds else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds - elapsed)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
            if case .answered(let answers, let leftover) = TerminalQuery.interpret(received) {
                return (answers, leftover, nil)
            }
        }
        // No full answer in time: keep filtering answers out of the input until it comes.
        var filter = TerminalQuery.LateAnswerFilter()
        let typed = filter.filter(received)
        return (TerminalQuery.Answers(synchronizedOutput: filter.synchronizedOutput), typed, filter)
    }

    // MARK: - Settings

    /// ESCDELAY in milliseconds from the environment (0–1000), else 25.
    static func escapeDelay(from environment: [String: String]) -> Int32 {
        guard let text = environment["ESCDELAY"], let value = Int32(text), value >= 0 else { return 25 }
        return min(value, 1000)
    }

    nonisolated(unsafe) private static var isOpen = false
}
