/// What a storyboard says about an element for VoiceOver: the words a screen reader speaks
/// for it, what it is, and whether it is read at all.
///
/// Written by the app's authors in Xcode's Accessibility inspector, for VoiceOver, and read
/// here for the terminal's screen readers: a control with no title shows its label, and the
/// screen-reader mode announces label, traits and hint. A value the file leaves out is nil,
/// so code can tell "not said" from "said empty".
public struct Accessibility: Sendable, Hashable {
    /// What a screen reader calls the element ("Add", "Settings"); beats an image's name.
    public var label: String?
    /// What using the element does, read after a pause ("Adds a brew session").
    public var hint: String?
    /// A name for UI tests to find the element by; never shown or spoken.
    public var identifier: String?
    /// What the element is and is like (a button, a header, not enabled).
    public var traits: AccessibilityTraits
    /// Whether a screen reader stops on the element; nil when the file does not say, and the
    /// kind's default holds (controls and cells yes, plain views and images no).
    public var isElement: Bool?

    public init(
        label: String? = nil, hint: String? = nil, identifier: String? = nil, traits: AccessibilityTraits = [],
        isElement: Bool? = nil
    ) {
        self.label = label
        self.hint = hint
        self.identifier = identifier
        self.traits = traits
        self.isElement = isElement
    }

    /// Whether the file said nothing at all.
    public var isEmpty: Bool {
        label == nil && hint == nil && identifier == nil && traits.isEmpty && isElement == nil
    }

    /// The label, when it has words in it (a label of spaces says nothing).
    public var spokenLabel: String? {
        guard let label, label.contains(where: { !$0.isWhitespace }) else { return nil }
        return label
    }

    /// The hint, when it has words in it.
    public var spokenHint: String? {
        guard let hint, hint.contains(where: { !$0.isWhitespace }) else { return nil }
        return hint
    }
}

/// UIKit's accessibility traits, by the names Xcode writes as attributes of
/// `<accessibilityTraits key="traits" …/>`.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    public static let header = AccessibilityTraits(rawValue: 1 << 15)
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 16)

    /// Each trait with the attribute name Xcode writes for it, in the inspector's order.
    public static let named: [(name: String, trait: AccessibilityTraits)] = [
        ("button", .button), ("link", .link), ("image", .image), ("selected", .selected),
        ("playsSound", .playsSound), ("keyboardKey", .keyboardKey), ("staticText", .staticText),
        ("summaryElement", .summaryElement), ("notEnabled", .notEnabled), ("updatesFrequently", .updatesFrequently),
        ("searchField", .searchField), ("startsMediaSession", .startsMediaSession), ("adjustable", .adjustable),
        ("allowsDirectInteraction", .allowsDirectInteraction), ("causesPageTurn", .causesPageTurn),
        ("header", .header), ("tabBar", .tabBar),
    ]
}
