extension StoryboardDiff {
    /// The changes counted by kind, in one short line for a status bar: "2 texts, 1 segue".
    /// Kinds come in the order of ``StoryboardChange/Kind``; frames moved count each frame.
    /// Empty when there are no changes.
    public static func summary(_ changes: [StoryboardChange]) -> String {
        var counts: [StoryboardChange.Kind: Int] = [:]
        for change in changes {
            counts[change.kind, default: 0] += change.kind == .layout ? max(1, change.count ?? 1) : 1
        }
        return StoryboardChange.Kind.allCases.compactMap { kind in
            counts[kind].map { CountedNoun.phrase($0, kind.noun, plural: kind.pluralNoun) }
        }.joined(separator: ", ")
    }
}

extension StoryboardChange.Kind {
    /// What one change of the kind is called in a count.
    var noun: String {
        switch self {
        case .initial: "initial scene"
        case .layout: "frame"
        case .property: "property"
        default: rawValue
        }
    }

    /// The plural, where it is not the noun's regular one.
    var pluralNoun: String? {
        switch self {
        case .property: "properties"
        case .initial: "initial scenes"
        default: nil
        }
    }
}
