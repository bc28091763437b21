import Flow

/// Draws the whole screen for a state: the presentation layers (sheets over their dimmed
/// presenters, what draws itself whole over everything: an alert), the trace panel, the status line, the footer of
/// keys and any overlay.
///
/// A pure function of the application, the shell's state and the size: it reads both and
/// changes neither, and the same state always gives the same `Frame`.
public enum ScreenRenderer {
    /// The smallest screen the shell draws on; below it, a notice.
    public static let minimumSize = Size(width: 20, height: 6)

    /// The frame for `state` at `size`.
    public static func render(_ application: Application, state: ShellState, size: Size) -> Frame {
        var frame = Frame(size: size)
        let top = application.topViewController
        let screenReader = application.isScreenReaderRunning
        if let top, let modal = top.modalPresentation {
            frame.activeTextField = modal.activeTextField(state.screen(top).focusIndex)
        } else if let top {
            frame.focusables = Focus.items(of: top, screenReader: screenReader)
            frame.focusIndex = state.screen(top).focusIndex
            frame.activeTextField = Focus.activeTextField(frame.focused)
        }
        let keys = KeyContext(
            application: application, top: top, focusables: frame.focusables, focused: frame.focused,
            typing: frame.activeTextField != nil)
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            finishKeys(&frame, keys)
            drawTooSmall(into: &frame)
            if screenReader { ScreenReaderPass.finish(&frame, announcement: "", lines: 0..<0, home: .zero) }
            return frame
        }
        var body = bodyRect(size: size, screenReader: screenReader)
        let traceRect = state.showsTrace ? tracePanelRect(in: body) : nil
        if let traceRect { body = Rect(x: 0, y: 0, width: body.width, height: body.height - traceRect.height) }
        // A status message takes lines of its own under the screens, so that it never hides
        // a bar (a toolbar, a tab bar) or a screen's last row; a long one is wrapped, not cut,
        // in at most a third of the screens' rows.
        var messageLines: [String] = []
        for message in [state.liveProblem, state.statusMessage] {
            guard let message, !message.isEmpty else { continue }
            messageLines += statusLines(message, width: size.width, room: body.height)
        }
        if !messageLines.isEmpty {
            if body.height > messageLines.count + 1 {
                body = Rect(x: body.x, y: body.y, width: body.width, height: body.height - messageLines.count)
            }
        }
        drawLayers(application, state: state, keys: keys, in: body, into: &frame, screenReader: screenReader)
        frame.settleTop(top)
        finishKeys(&frame, keys)
        if let traceRect {
            frame.traceScrollLimit = TracePanel.draw(
                application.trace, state: state, in: traceRect, into: &frame, screenReader: screenReader)
            // The panel takes the keys while the user reads it.
            if state.traceFocused { frame.bindings = KeyMap.traceBindings }
        }
        for (index, line) in messageLines.enumerated() {
            let row = min(body.maxY, size.height - 1 - messageLines.count) + index
            guard row < size.height - 1 else { break }
            frame.buffer.fill(Rect(x: 0, y: row, width: size.width, height: 1), style: Theme.status)
            frame.buffer.put(line, at: Point(x: 0, y: row), style: Theme.status, maxWidth: size.width)
        }
        drawFooter(frame.bindings, row: size.height - 1, into: &frame, spoken: screenReader)
        switch state.overlay {
        case .overview(let scroll)?:
            frame.overlayScrollLimit = OverviewOverlay.draw(
                application, scroll: scroll, in: body, into: &frame, screenReader: screenReader)
        case .help(let scroll)?:
            frame.overlayScrollLimit = HelpOverlay.draw(
                frame.bindings, scroll: scroll, in: body, into: &frame, screenReader: screenReader)
        case nil: break
        }
        // The cursor goes to what takes the keys: an overlay or the trace panel when one does,
        // else the focused element.
        let home: Point? = state.overlay != nil ? body.origin : (state.traceFocused ? traceRect?.origin : nil)
        if !screenReader, frame.cursor == nil {
            frame.restingCursor = home ?? frame.focusRect.flatMap { ScreenReaderPass.textStart(of: $0, in: frame.buffer) } ?? body.origin
        }
        if screenReader {
            // The announcement sits between the screens and the footer.
            let announcement = Announcement.text(for: frame, application: application, state: state)
            let rows = announcementRows(size: size)
            frame.announcementRows = size.height - 1 - rows..<size.height - 1
            ScreenReaderPass.finish(
                &frame, announcement: announcement, lines: size.height - 1 - rows..<size.height - 1, home: home)
        }
        return frame
    }

    /// A status message as the lines it takes: `! ` and the message wrapped to `width`, in at
    /// most a third of `room` rows (the last line then ends in `…`).
    static func statusLines(_ message: String, width: Int, room: Int) -> [String] {
        var lines = Wrap.lines("! " + message, width: max(1, width))
        let most = max(1, room / 3)
        if lines.count > most {
            lines[most - 1] = DisplayWidth.truncate(lines[most - 1] + " " + lines[most], to: width)
            lines.removeLast(lines.count - most)
        }
        return lines
    }

    /// The part of a screen of `size` the screens, the trace panel and overlays take: all
    /// but the footer's row, and in the screen-reader mode the announcement's rows above it.
    public static func bodyRect(size: Size, screenReader: Bool) -> Rect {
        let reserved = 1 + (screenReader ? announcementRows(size: size) : 0)
        return Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - reserved))
    }

    /// The rows the screen-reader mode's announcement has: two, so that a row's texts and
    /// the scene's name seldom need cutting, on a screen of 12 rows or more; else one.
    static func announcementRows(size: Size) -> Int {
        size.height >= 12 ? 2 : 1
    }

    /// Draws a controller alone into `rect` of a frame of `size`, as the screen on top: what
    /// a split view's column or a popover's box is made of, and what tests of composition
    /// draw. Its keys and focus are in the frame as the whole screen's would be.
    public static func render(
        _ controller: ViewController, in rect: Rect, size: Size, state: ShellState = ShellState()
    ) -> Frame {
        var frame = Frame(size: size)
        let content = Application.visibleTop(of: controller)
        frame.focusables = Focus.items(of: content)
        frame.focusIndex = state.screen(content).focusIndex
        frame.activeTextField = Focus.activeTextField(frame.focused)
        let keys = KeyContext(
            application: controller.application, top: content, focusables: frame.focusables, focused: frame.focused,
            typing: frame.activeTextField != nil)
        var context = DrawContext(state: state, controller: controller, isTop: true, focused: frame.focused, keys: keys)
        context.screenReader = controller.application?.isScreenReaderRunning ?? false
        ControllerRenderer.draw(controller, in: rect, into: &frame, context: context)
        frame.settleTop(content)
        finishKeys(&frame, keys)
        return frame
    }

    /// The presentation layers from the last full-screen one up; for a screen reader, the
    /// top one alone, over the whole body (text of a screen underneath, beside a sheet's,
    /// would be read as one screen).
    private static func drawLayers(
        _ application: Application, state: ShellState, keys: KeyContext, in body: Rect, into frame: inout Frame,
        screenReader: Bool
    ) {
        let layers = application.presentationLayers
        let start = screenReader ? max(0, layers.count - 1) : layers.lastIndex { $0.style.map { !$0.isSheet } ?? true } ?? 0
        if layers.isEmpty {
            frame.buffer.put("Nothing to show", at: Point(x: 1, y: 1), style: Theme.empty)
        }
        for index in layers.indices where index >= start {
            let layer = layers[index]
            let isTop = index == layers.count - 1
            // On a regular-width screen a popover points at its anchor; on a compact one it
            // adapts to a sheet, as UIKit adapts it.
            let popover = index > start && layer.style == .popover && application.horizontalSizeClass == .regular
            if index > start {
                // What lies under a sheet is dimmed, and nothing under a sheet or a popover
                // can be clicked (a click outside a popover dismisses it).
                if !popover {
                    frame.buffer.updateStyle(in: body) { style in
                        style.attributes.insert(.dim)
                        style.attributes.remove(.reverse)
                    }
                }
                frame.hits.removeAll()
                frame.popoverRect = nil
            }
            let context = DrawContext(
                state: state, controller: layer.controller, isTop: isTop, focused: isTop ? frame.focused : nil,
                keys: isTop ? keys : KeyContext(), screenReader: screenReader)
            if let modal = layer.controller.modalPresentation {
                modal.drawModal(in: body, into: &frame, context: context)
                continue
            }
            var rect = body
            if popover {
                let anchor = layer.controller.popoverAnchorID.flatMap { frame.anchors[$0] }
                let box = popoverFrame(pointingAt: anchor, in: body)
                frame.buffer.fill(box, style: .plain)
                frame.buffer.drawBox(box, style: Theme.sheetBorder, border: .rounded)
                if let anchor {
                    let arrowX = min(max(anchor.x + anchor.width / 2, box.x + 1), box.maxX - 2)
                    let below = box.y >= anchor.maxY
                    frame.buffer.set(below ? "▲" : "▼", at: Point(x: arrowX, y: below ? box.y : box.maxY - 1), style: Theme.sheetBorder)
                }
                if isTop { frame.popoverRect = box }
                rect = box.inset(by: 1)
            } else if index > start, let style = layer.style {
                let box = sheetFrame(style, in: body, depth: index - start)
                frame.buffer.fill(box, style: .plain)
                frame.buffer.drawBox(box, style: Theme.sheetBorder, border: .rounded)
                // A column of space inside each side, so a bar button's title never touches
                // the border.
                rect = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
            }
            ControllerRenderer.draw(layer.controller, in: rect, into: &frame, context: context)
        }
    }

    /// Adds the focused view's keys, now that drawing has shown what it needs (whether the
    /// highlighted row has an accessory), and makes the bindings of the frame.
    private static func finishKeys(_ frame: inout Frame, _ keys: KeyContext) {
        var keys = keys
        keys.focusBindings = frame.focused?.presentation?.focusBindings(in: frame) ?? []
        keys.canCopy = frame.focused?.presentation?.canCopy ?? false
        // A form taller than the screen scrolls by pages, whatever has the focus.
        if let top = frame.topController, top.isViewLoaded, let drawn = frame.forms[ObjectIdentifier(top.view)] {
            let scroller = FormScroller(drawn)
            keys.bindingSources.append(scroller)
            for binding in scroller.bindings where !keys.bindingsAfterFocused.contains(binding) {
                keys.bindingsAfterFocused.append(binding)
            }
        }
        frame.keyContext = keys
        frame.bindings = KeyMap.bindings(for: keys)
    }

    /// The rows the screens keep at least beside the trace panel: on a smaller screen the
    /// panel gives way to the content.
    static let contentRowsBesideTrace = 10

    /// Where the trace panel goes at the bottom of `body`: a third of it (at most 9 rows),
    /// or nil when that would leave the screens fewer than `contentRowsBesideTrace` rows.
    public static func tracePanelRect(in body: Rect) -> Rect? {
        let panel = max(3, body.height / 3)
        guard body.height - panel >= contentRowsBesideTrace else { return nil }
        return Rect(x: body.x, y: body.maxY - panel, width: body.width, height: panel)
    }

    /// Where a sheet sits: form sheets and popovers smaller, page sheets larger, each
    /// stacked sheet a little lower.
    static func sheetFrame(_ style: PresentationStyle, in body: Rect, depth: Int) -> Rect {
        let (widthShare, heightShare): (Double, Double)
        switch style {
        case .formSheet, .popover: (widthShare, heightShare) = (0.7, 0.75)
        case .pageSheet: (widthShare, heightShare) = (0.86, 0.88)
        default: (widthShare, heightShare) = (0.92, 0.9)
        }
        let width = max(min(body.width, 16), min(body.width - 2, Int(Double(body.width) * widthShare)))
        let height = max(min(body.height, 5), min(body.height - depth, Int(Double(body.height) * heightShare)))
        let x = body.x + (body.width - width) / 2
        let y = min(body.maxY - height, body.y + (body.height - height) / 2 + depth - 1)
        return Rect(x: x, y: max(body.y, y), width: width, height: height)
    }

    /// Where a popover sits on a regular-width screen: below the element it points at (above
    /// when there is no room below), centred on it and kept on screen; centred when it points
    /// at nothing drawn.
    static func popoverFrame(pointingAt anchor: Rect?, in body: Rect) -> Rect {
        let width = max(min(body.width, 16), min(body.width - 4, max(36, body.width * 2 / 5)))
        let height = max(min(body.height, 5), min(body.height - 2, max(10, body.height * 3 / 5)))
        guard let anchor else {
            return Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        }
        var y = anchor.maxY
        if y + height > body.maxY { y = anchor.y - height }
        y = min(max(y, body.y), body.maxY - height)
        let centre = anchor.x + anchor.width / 2
        let x = min(max(centre - width / 2, body.x + 1), max(body.x, body.maxX - width - 1))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The keys in force, as many as fit, each once; `spoken`, in words (`Up/Down: move`).
    static func drawFooter(_ bindings: [KeyBinding], row: Int, into frame: inout Frame, spoken: Bool = false) {
        let width = frame.buffer.width
        frame.buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: Theme.footerText)
        var column = 0
        // The entries drawn, so that a pair (`↑↓ move`) or a binding met again shows once: a
        // footer holds a dozen at most, compared as they are (no text joined and hashed).
        var drawn: [(label: String, help: String)] = []
        for binding in bindings where binding.inFooter {
            let label = binding.footerLabel ?? binding.label
            let help = binding.footerHelp ?? binding.help
            guard !drawn.contains(where: { $0.label == label && $0.help == help }) else { continue }
            drawn.append((label, help))
            let key = spoken ? SpokenText.keys(label) + ":" : " \(label) "
            let text = spoken ? " \(SpokenText.help(help))   " : " \(help)  "
            let needed = DisplayWidth.of(key) + DisplayWidth.of(text)
            guard column + needed <= width else { break }
            column += frame.buffer.put(key, at: Point(x: column, y: row), style: spoken ? Theme.bar : Theme.footerKey)
            column += frame.buffer.put(text, at: Point(x: column, y: row), style: Theme.footerText)
        }
    }

    /// A screen too small to draw on says so, and what it needs.
    static func drawTooSmall(into frame: inout Frame) {
        let size = frame.size
        guard size.width > 0, size.height > 0 else { return }
        let need = "\(minimumSize.width)×\(minimumSize.height)"
        let long = ["Terminal too small", "\(size.width)×\(size.height), need \(need)"]
        let lines = long.allSatisfy { DisplayWidth.of($0) <= size.width } ? long : ["Too small", "need \(need)"]
        for (index, line) in lines.enumerated() where index < size.height {
            let shown = DisplayWidth.truncate(line, to: size.width)
            let x = max(0, (size.width - DisplayWidth.of(shown)) / 2)
            let y = max(0, size.height / 2 - 1) + index
            if y < size.height { frame.buffer.put(shown, at: Point(x: x, y: y), style: Theme.status, maxWidth: size.width) }
        }
    }
}
