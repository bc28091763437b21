/// One meaningful change between two versions of a storyboard, in storyboard terms.
///
/// The fields are those of `storyboard diff --format json` (see docs/diff-format.md); the
/// text and Markdown forms are made from them too, so every form says the same.
public struct StoryboardChange: Hashable, Sendable {
    /// What changed.
    public enum Kind: String, Sendable, CaseIterable {
        case scene, segue, view, text, property, connection, constraint, reference, initial, translation
        /// Frames moved: a count per scene, or each frame with `--layout`.
        case layout
    }

    /// How it changed.
    public enum Change: String, Sendable, CaseIterable {
        case added, removed, changed, moved
    }

    public var kind: Kind
    public var change: Change
    /// The storyboard's name (`Main.storyboard`, or its path inside an app's folder).
    public var storyboard: String
    /// The object id of the scene's controller: the new file's, or the old one's for a scene
    /// that was removed. `nil` for a change of the whole storyboard (its initial scene).
    public var scene: String?
    /// How the scene is named, as the trace names it (`LoginViewController "Log in"`).
    public var sceneName: String?
    /// The id of the object that changed (the new file's, the old one's when removed).
    public var id: String?
    /// How the object is named: `button "Sign in"`, `segue show "toHome"`.
    public var object: String?
    /// Which of its texts or properties changed (`title`, `hidden`, `destination`…).
    public var property: String?
    /// The value before and after, where a value changed.
    public var old: String?
    public var new: String?
    /// For a value that names a scene (a segue's destination, the initial scene): how the
    /// old and new scenes are named.
    public var oldName: String?
    public var newName: String?
    /// How many, for a change counted rather than listed (constraints of a view, frames of a
    /// scene, the views inside an added view).
    public var count: Int?
    /// Where the object is: in the new file, or the old one when removed.
    public var line: Int?
    /// For a scene added or removed: the segues it brings or takes away (fired from its
    /// controller or any object in it, relationships included). Empty otherwise.
    public var segues: [SceneSegue] = []

    public init(
        kind: Kind, change: Change, storyboard: String, scene: String? = nil, sceneName: String? = nil, id: String? = nil,
        object: String? = nil, property: String? = nil, old: String? = nil, new: String? = nil, oldName: String? = nil,
        newName: String? = nil, count: Int? = nil, line: Int? = nil
    ) {
        self.kind = kind
        self.change = change
        self.storyboard = storyboard
        self.scene = scene
        self.sceneName = sceneName
        self.id = id
        self.object = object
        self.property = property
        self.old = old
        self.new = new
        self.oldName = oldName
        self.newName = newName
        self.count = count
        self.line = line
    }
}

/// A segue of a scene added or removed, listed with the scene: the navigation it brings or
/// takes away.
public struct SceneSegue: Hashable, Sendable {
    public var id: String
    /// `show`, `presentation`, `relationship`, `embed`, `unwind`…
    public var kind: String
    /// For a relationship: `rootViewController`, `viewControllers`, `detailViewController`…
    public var relationship: String?
    public var identifier: String?
    /// The destination controller's id (none for an unwind segue), and how its scene is named.
    public var destination: String?
    public var destinationName: String?
    /// For an unwind segue: the action it unwinds to.
    public var unwindAction: String?
    /// Where its element is, in the file the scene is in.
    public var line: Int

    public init(
        id: String, kind: String, relationship: String? = nil, identifier: String? = nil, destination: String? = nil,
        destinationName: String? = nil, unwindAction: String? = nil, line: Int
    ) {
        self.id = id
        self.kind = kind
        self.relationship = relationship
        self.identifier = identifier
        self.destination = destination
        self.destinationName = destinationName
        self.unwindAction = unwindAction
        self.line = line
    }

    /// How the segue is named, as a change names it: `segue show "toHome"`.
    public var name: String {
        "segue " + kind + (relationship.map { " " + $0 } ?? "") + (identifier.map { " \"" + $0 + "\"" } ?? "")
    }
}
