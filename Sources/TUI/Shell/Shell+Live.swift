import Flow

/// Following the storyboard's files as they are saved (`run --watch`): the shell waits on
/// a ``FileWatcher`` beside its input, and each burst of saves reloads the storyboards at
/// the place the user was, scroll and typing included.
extension Shell {
    /// Starts following the files `reloader` reads: from now on a save wakes the loop
    /// (`.wake`) and the screens are rebuilt from the new files. Fails when the system has
    /// no inotify to give.
    public func follow(_ reloader: LiveReloader) throws(FileWatcherError) {
        let watcher = try FileWatcher(reporting: LiveReloader.isWatched)
        watcher.watch(folders: reloader.folders)
        live = (reloader, watcher)
        terminal.wakeDescriptor = watcher.descriptor
        if let problem = watcher.problems.first { updateState { $0.statusMessage = DiagnosticText.escaped(problem) } }
    }

    /// The watcher following the files, if any (a test waits on it).
    public var fileWatcher: FileWatcher? { live?.watcher }

    /// Reads what the watcher heard, once the folders are quiet, and reloads if a file that
    /// shows changed: what the loop does when the watcher wakes it.
    public func followSavedFiles() {
        guard let live else { return }
        let changed = live.watcher.takeChanges()
        guard !changed.isEmpty else { return }
        reload(changed: changed)
    }

    /// Reloads the storyboards now. A save that loads replaces the screens, keeping the
    /// place, and says what changed on the status line (the trace holds every change); one
    /// that does not keeps the last good screens and shows its error until a good save.
    public func reload(changed: Set<String> = []) {
        guard let live else { return }
        recordFocusForRestoration()
        let views = state.viewStates(of: application)
        let outcome = live.reloader.reload(changed: changed)
        switch outcome {
        case .unchanged:
            // Saved as it was, or mended back to the last good version.
            if state.liveProblem != nil {
                updateState {
                    $0.liveProblem = nil
                    $0.statusMessage = "the storyboard loads again, as it was before the error"
                }
            }
        case .reloaded(let reload):
            forgetDrawnScreens()
            updateState {
                $0.liveProblem = nil
                $0.statusMessage = reload.statusLine
                $0.adoptViewStates(views, of: application)
                $0.forgetReleased()
            }
        case .failed(let failure):
            for diagnostic in failure.diagnostics {
                application.trace.record(.warning("reload: " + DiagnosticText.escaped(diagnostic.description)))
            }
            updateState { $0.liveProblem = failure.statusLine }
        }
        // A walk may have found folders made or removed.
        live.watcher.watch(folders: live.reloader.folders)
    }
}

extension ShellState {
    /// What is remembered of each view (a table's scroll, a field's cursor) of the
    /// controllers made from scenes, by storyboard, scene and view id: how a reload finds
    /// them again on the controllers made from the new files.
    func viewStates(of application: Application) -> [String: ViewState] {
        var saved: [String: ViewState] = [:]
        for (key, view) in Self.viewsByPlace(of: application) {
            if let stored = views[ObjectIdentifier(view)], stored.view === view { saved[key] = stored }
        }
        return saved
    }

    /// Gives the views of `application`'s controllers what `saved` remembered of the views
    /// at their places.
    mutating func adoptViewStates(_ saved: [String: ViewState], of application: Application) {
        guard !saved.isEmpty else { return }
        for (key, view) in Self.viewsByPlace(of: application) {
            guard var state = saved[key] else { continue }
            state.view = view
            views[ObjectIdentifier(view)] = state
        }
    }

    /// The loaded views of the controllers made from scenes, each by a key naming its place.
    private static func viewsByPlace(of application: Application) -> [(String, View)] {
        var found: [(String, View)] = []
        for controller in application.allControllers where controller.isViewLoaded {
            guard let scene = controller.spec?.id else { continue }
            let prefix = (controller.storyboard?.restorationKey ?? "") + "\u{0}" + scene + "\u{0}"
            for view in controller.view.allViews { found.append((prefix + view.id, view)) }
        }
        return found
    }
}
