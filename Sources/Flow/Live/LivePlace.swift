import FoundationEssentials

/// Where the user is, kept across a live reload: the hierarchy as state restoration saves
/// it (every scene, by controller identity: its scene's object id and storyboard), each
/// controller's focus and own restorable state, and what the user changed in its views (a
/// field's text, a table's highlighted row, a switch).
///
/// Unlike the archive written at exit, it keeps controllers without a restoration
/// identifier (a storyboard made in Xcode seldom has them): the scenes are the same file's,
/// read again a moment later.
public struct LivePlace {
    let root: RestorationArchive.Node
    let storyboard: String
    /// What was presented on top that no scene makes (an alert made in code), kept to be
    /// shown again over the rebuilt screens.
    let keptOnTop: (any KeptAcrossReload)?

    /// The key under which a view's ``View/liveValue`` is kept in its controller's state
    /// (`@view.` and the view's object id; no controller's own key starts with `@`).
    static let viewKeyPrefix = "@view."

    /// The place of `application`'s window; nil when the root was not made from a scene.
    public init?(of application: Application) {
        guard let root = application.rootViewController, let storyboard = root.storyboard else { return nil }
        let encoder = RestorationEncoder(rootStoryboard: storyboard.restorationKey, keepsEveryScene: true)
        guard let node = encoder.encode(root) else { return nil }
        self.root = node
        self.storyboard = storyboard.restorationKey
        let layers = application.presentationLayers
        keptOnTop = layers.count > 1 && layers.last?.controller.spec == nil ? layers.last?.controller as? any KeptAcrossReload : nil
    }

    /// Saves what the user changed in each view of `controller` that the storyboard does not
    /// hold (a field's text, a table's highlighted row): each kind's ``View/liveValue``.
    static func encodeViewValues(of controller: ViewController, into coder: RestorationCoder) {
        guard controller.isViewLoaded else { return }
        for view in controller.view.allViews {
            if let value = view.liveValue { coder.encode(value, forKey: viewKeyPrefix + view.id) }
        }
    }

    /// Gives `values`, by view id, back to the views of `controller` that are still there
    /// (loading its view).
    static func restoreViewValues(_ values: [String: RestorationValue], to controller: ViewController) {
        guard !values.isEmpty else { return }
        for view in controller.view.allViews {
            if let value = values[view.id] { view.liveValue = value }
        }
    }
}

/// A controller made in code, not from a scene, that a live reload keeps on screen over the
/// rebuilt screens (an alert): the files cannot make it again, and what the user was doing in
/// it (the button chosen, what was typed) is theirs.
public protocol KeptAcrossReload: ViewController {
    /// What to present over `screen` (the rebuilt screen it was over, its view loaded) once the
    /// new files are on screen: itself, one made again from them, or nil to leave it out.
    func keptAcrossReload(over screen: ViewController) -> ViewController?
}

/// What putting a ``LivePlace`` back on screen did.
public struct LiveRestoration: Sendable {
    /// How the trace named each scene of the place that the new storyboard no longer has,
    /// outermost first: the user is at the nearest scene left.
    public var lostScenes: [String]
    /// Whether the root itself was lost, and the storyboard's initial scene shows instead.
    public var startedOver: Bool
}

extension Application {
    /// Rebuilds `place` from `storyboard` (the same file, read again) and puts it on screen
    /// as one transition of the trace, headed `reload`, with `notes` under it and one line
    /// counting the lifecycle calls and releases of the controllers made again and let go.
    /// A scene the file lost is left out, its container showing the nearest one left; when
    /// the root itself is gone, the storyboard's initial scene shows. Never throws: a place
    /// that cannot come back at all starts over.
    public func restore(
        _ place: LivePlace, from storyboard: Storyboard, notes: [String] = []
    ) -> LiveRestoration {
        let rebuilder = RestorationRebuilder(application: self, storyboard: storyboard)
        var root: ViewController?
        var calls = trace.tallyingCalls {
            root = place.storyboard == storyboard.restorationKey ? rebuilder.rebuild(place.root) : nil
        }
        let startedOver = root == nil
        if root == nil { root = storyboard.instantiateInitialViewController() }
        var changed: [(ViewController, [String: RestorationValue])] = []
        for (controller, coder) in rebuilder.decodes {
            var views: [String: RestorationValue] = [:]
            for (key, value) in coder.values where key.hasPrefix(LivePlace.viewKeyPrefix) {
                views[String(key.dropFirst(LivePlace.viewKeyPrefix.count))] = value
            }
            let own = coder.values.filter { !$0.key.hasPrefix(LivePlace.viewKeyPrefix) }
            controller.decodeRestorableState(with: RestorationCoder(values: own))
            if !views.isEmpty { changed.append((controller, views)) }
        }
        let lost = rebuilder.lost.map { $0.name ?? $0.scene }
        guard let root else {
            return LiveRestoration(lostScenes: lost, startedOver: true)
        }
        adopt(root)
        tracingTransition {
            let before = rootViewController.map { Self.visibleTop(of: $0).debugName } ?? ""
            trace.record(.transition(TransitionRecord(
                kind: .reload, source: before, destination: Self.visibleTop(of: root).debugName,
                reason: notes.first)))
            for note in notes.dropFirst() { trace.record(.note(note)) }
            // The screens made again make the calls they made the first time, alike at every
            // save: one line counts them, so a save adds its changes and little else.
            calls = calls + trace.tallyingCalls {
                transition(.presentation) {
                    self.rootViewController = root
                    if let kept = place.keptOnTop { self.presentAgain(kept) }
                }
                for (controller, views) in changed { LivePlace.restoreViewValues(views, to: controller) }
            }
            if let summary = calls.summary { trace.record(.note("rebuilt: " + summary)) }
        }
        return LiveRestoration(lostScenes: startedOver ? [place.root.name ?? place.root.scene] + lost : lost, startedOver: startedOver)
    }

    /// Presents `kept` (or what it gives in its place) over the screen on top, as it was
    /// before the reload: no appearance calls, since it never left the screen.
    private func presentAgain(_ kept: any KeptAcrossReload) {
        guard let layer = presentationLayers.last?.controller else { return }
        // The rebuilt screens' views, as the transition would load them, for a controller made
        // again from what they show (the bar buttons an action sheet lists).
        loadVisibleViews()
        guard let shown = kept.keptAcrossReload(over: Self.visibleTop(of: layer)) else { return }
        adopt(shown)
        layer.presentedStorage = shown
        shown.presentingViewController = layer
    }
}
