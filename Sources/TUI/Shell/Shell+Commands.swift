import Flow

extension Shell {
    /// Carries out a command of the key map on the screen on top, against `frame`.
    func perform(_ command: ShellCommand, frame: Frame) {
        guard let top = application.topViewController else {
            if command == .quit || command == .forceQuit { quit() }
            return
        }
        if let modal = top.modalPresentation, command != .quit, command != .forceQuit {
            let focusIndex = state.screen(top).focusIndex
            withInput(frame, top) { modal.performModal(command, focusIndex: focusIndex, input: &$0) }
            return
        }
        switch command {
        case .quit, .forceQuit:
            quit()
        case .help:
            updateState { $0.overlay = .help(scroll: 0) }
        case .overview:
            updateState { $0.overlay = .overview(scroll: 0) }
        case .focusTrace, .scrollTrace, .browseTrace:
            performTrace(command, frame: frame)
        case .copy:
            copy(state.traceFocused ? traceTranscript() : frame.focused?.presentation?.copiedText, frame: frame)
        case .tracePanel:
            updateState { $0.showsTrace.toggle() }
            let body = ScreenRenderer.bodyRect(size: terminal.size, screenReader: application.isScreenReaderRunning)
            if state.showsTrace, ScreenRenderer.tracePanelRect(in: body) == nil {
                updateState {
                    $0.statusMessage = "the trace shows when the window has \(ScreenRenderer.contentRowsBesideTrace + 4) rows or more"
                }
            }
        case .back:
            goBack(from: top, frame: frame)
        case .barButton(let id):
            // The items the frame offered: the bars' and the toolbars'.
            frame.keyContext.barItems.first { $0.item.id == id }?.item.tap()
        case .barOverflow:
            presentOverflow(frame.keyContext.overflowItems, over: top)
        case .owned, .scrollForm:
            // Keys the screen's items and containers added go back to them.
            withInput(frame, top) { input in
                for source in frame.keyContext.bindingSources {
                    if source.performScreenCommand(command, input: &input) { break }
                }
            }
        case .keyCommand(let index):
            let commands = top.keyCommands
            if commands.indices.contains(index) { commands[index].action() }
        case .segue(let id):
            top.triggerSegue(id: id, sender: nil)
        case .focusNext, .focusPrevious:
            withInput(frame, top) { $0.moveFocus(by: command == .focusNext ? 1 : -1) }
        case .moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom, .activate, .accessory,
            .decrease, .increase, .decreaseMore, .increaseMore, .toggle:
            let target = frame.focused ?? (command.movesInCollection ? top.view.firstTable : nil)
            guard let presentation = target?.presentation else { return }
            withInput(frame, top) { input in
                if presentation.perform(command, input: &input) { return }
                // A page the focused item cannot turn (a text view at its end) scrolls the
                // form around it.
                guard command == .pageUp || command == .pageDown else { return }
                for source in frame.keyContext.bindingSources {
                    if source.performScreenCommand(.scrollForm(down: command == .pageDown), input: &input) { break }
                }
            }
        }
    }

    /// Runs input handling that may change the shell's state.
    func withInput(_ frame: Frame, _ top: ViewController, _ body: (inout InputContext) -> Void) {
        var input = InputContext(shell: self, frame: frame, controller: top)
        body(&input)
    }

    /// The trace panel's keys: take the keys to it and back, scroll its transition, go to an
    /// older or newer one.
    func performTrace(_ command: ShellCommand, frame: Frame) {
        let transitions = application.trace.transitions
        let body = ScreenRenderer.bodyRect(size: terminal.size, screenReader: application.isScreenReaderRunning)
        updateState { state in
            switch command {
            case .focusTrace:
                if state.traceFocused {
                    state.traceFocused = false
                } else if ScreenRenderer.tracePanelRect(in: body) == nil {
                    state.statusMessage = "the trace shows when the window has \(ScreenRenderer.contentRowsBesideTrace + 4) rows or more"
                } else {
                    state.showsTrace = true
                    state.traceFocused = true
                }
            case .scrollTrace(let lines):
                let shown = TracePanel.transition(in: application.trace, state: state)?.number
                let from = state.traceScrolled == shown ? min(state.traceScroll, frame.traceScrollLimit) : 0
                state.traceScroll = min(max(0, from + lines), frame.traceScrollLimit)
                state.traceScrolled = shown
            case .browseTrace(let older):
                let current = TracePanel.transition(in: application.trace, state: state)?.number
                guard let index = transitions.firstIndex(where: { $0.number == current }) else { return }
                let next = older ? index - 1 : index + 1
                guard transitions.indices.contains(next) else { return }
                state.traceTransition = next == transitions.count - 1 ? nil : transitions[next].number
                state.traceNewestWhenBrowsed = transitions.last?.number
                state.traceScroll = 0
            default:
                break
            }
        }
    }

    /// The transition the trace panel shows, as text.
    private func traceTranscript() -> String? {
        TracePanel.transition(in: application.trace, state: state)?.transcript.joined(separator: "\n")
    }

    /// Copies `text` to the user's clipboard through the terminal (OSC 52), and says so.
    func copy(_ text: String?, frame: Frame) {
        guard let text, !text.isEmpty else {
            updateState { $0.statusMessage = "nothing to copy here" }
            return
        }
        let copied = terminal.copyToClipboard(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let what = lines > 1 ? "\(lines) lines" : "“\(DisplayWidth.truncate(text, to: 40))”"
        updateState {
            $0.statusMessage = copied ? "copied \(what) to the clipboard" : "the clipboard cannot take that much text"
        }
    }

    /// Esc: pop when there is a back button, else the cancel bar button, else back to the
    /// previous column (a split view's) when `frame` offered that, else dismiss.
    func goBack(from top: ViewController, frame: Frame) {
        if let navigation = top.navigationController, navigation.viewControllers.count > 1,
            !top.navigationItem.hidesBackButton
        {
            navigation.popViewController()
        } else if let cancel = top.navigationItem.allItems.first(where: { $0.systemItem == .cancel }) {
            cancel.tap()
        } else if frame.keyContext.leavesColumn, let columns = frame.keyContext.columns {
            columns.focusColumn(offset: -1)
        } else if application.presentationLayers.count > 1 {
            top.dismiss()
        }
    }
}

extension ShellCommand {
    /// Whether the command moves through a table's rows or a grid's items.
    var movesInCollection: Bool {
        switch self {
        case .moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom: true
        default: false
        }
    }
}
