/// A push button: sends `touchUpInside` actions and fires its segues.
public final class Button: Control {
    public var title: String
    /// The image shown before the title (or alone): UIKit's configuration image, or the
    /// image for the normal state.
    public var image: Image?
    public init(id: String, spec: ViewSpec? = nil, title: String) {
        self.title = title
        self.image = spec?.image
        super.init(id: id, spec: spec)
    }

    /// The text shown for the button: its title, else (a button with an image only, or
    /// Xcode's placeholder "Button" beside an image or a label) its accessibility label, else
    /// its image's name (see `AccessibleName`).
    public var displayTitle: String {
        if !title.isEmpty, image == nil || !AccessibleName.isDesignTimeDefault(title) { return title }
        return accessibility.spokenLabel ?? image?.name ?? title
    }

    /// Its key, hidden or not, starts the segues it owns.
    override public var screenKeys: ScreenKeys? {
        keyEquivalent.map { .button(id: id, keyEquivalent: $0) }
    }

    /// Presses the button: actions first, then the segues it owns (as UIKit does).
    public func tap() {
        guard isEnabled, !isHidden, let owner else { return }
        // One press, one transition: its actions and segues are traced together.
        owner.tracingTransition {
            let (sent, missing) = sendActionsCollectingMissing(for: .touchUpInside)
            let segues = owner.fireSegues(ownedBy: id, sender: self)
            owner.handleMissingActions(
                missing, anythingElseRan: segues > 0 || missing.count < sent,
                closes: MissingCode.impliesClosing(title: title, systemItem: nil, selectors: missing))
        }
    }
}

extension ViewKind {
    /// A button element's title, for code reading the file's elements; nil for any other kind.
    public var buttonTitle: String? {
        if case .button(let title) = self { title } else { nil }
    }
}

extension View {
    /// The buttons in this view's tree, in order.
    public var allButtons: [Button] { allViews.compactMap { $0 as? Button } }
}
