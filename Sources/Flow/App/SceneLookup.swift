/// Finds the scene a command names (`--scene`, `unwind --from`): by its storyboard
/// identifier, its controller's id (`BYZ-38-t0r`), Xcode's `sceneID`, its class or its title
/// (when one scene has it), in the storyboard opened first, else in the one storyboard of
/// the app's folder that has it; or `Storyboard:name` for a scene of another storyboard.
public enum SceneLookup {
    /// Why no scene was found, in words for the command line.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `Name:` named no storyboard of the folder.
        case noStoryboard(String)
        /// Nothing has the name; `known` lists a name for each scene there is, of every
        /// storyboard of the app (`Storyboard:name` for those of another storyboard).
        case noScene(String, file: String, known: [String])
        /// Several scenes have it; each as `Storyboard:name`.
        case ambiguous(String, candidates: [String])

        /// The failure as one line for the command line.
        public var description: String {
            switch self {
            case .noStoryboard(let name):
                "no storyboard named \(DiagnosticText.quoted(name)) in this folder"
            case .noScene(let name, let file, let known):
                "\(DiagnosticText.escaped(file)): no scene has the storyboard identifier, id, class or title \(DiagnosticText.quoted(name))"
                    + (known.isEmpty ? "" : " (scenes: " + known.prefix(24).map(DiagnosticText.escaped).joined(separator: ", ") + (known.count > 24 ? ", …" : "") + ")")
            case .ambiguous(let name, let candidates):
                "several scenes are called \(DiagnosticText.quoted(name)): name one as " + candidates.map(DiagnosticText.escaped).joined(separator: " or ")
            }
        }
    }

    /// A fresh controller for the scene `name` names, starting from `first`.
    public static func controller(for name: String, first: Storyboard) throws(Failure) -> ViewController {
        let (storyboard, spec) = try scene(for: name, first: first)
        guard let controller = storyboard.instantiate(spec) else { throw .noScene(name, file: storyboard.document.fileName, known: []) }
        return controller
    }

    /// The storyboard and scene `name` names.
    public static func scene(for name: String, first: Storyboard) throws(Failure) -> (Storyboard, ControllerSpec) {
        switch match(name, in: first.document) {
        case .one(let spec): return (first, spec)
        case .several(let specs): throw .ambiguous(name, candidates: specs.map { "\(first.name):\($0.id)" })
        case .none: break
        }
        let application = first.application
        if let colon = name.firstIndex(of: ":"), let application {
            let storyboardName = String(name[..<colon])
            let sceneName = String(name[name.index(after: colon)...])
            let storyboard: Storyboard
            do {
                storyboard = try application.storyboard(named: storyboardName, relativeTo: first.url)
            } catch {
                throw .noStoryboard(storyboardName)
            }
            switch match(sceneName, in: storyboard.document) {
            case .one(let spec): return (storyboard, spec)
            case .several(let specs): throw .ambiguous(name, candidates: specs.map { "\(storyboard.name):\($0.id)" })
            case .none: throw .noScene(sceneName, file: storyboard.document.fileName, known: names(of: storyboard.document))
            }
        }
        var matches: [(Storyboard, ControllerSpec)] = []
        for other in otherStoryboards(than: first) {
            switch match(name, in: other.document) {
            case .one(let spec): matches.append((other, spec))
            case .several(let specs): matches += specs.map { (other, $0) }
            case .none: break
            }
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw .ambiguous(name, candidates: matches.map { "\($0.0.name):\($0.1.storyboardIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? $0.1.id)" })
        }
        throw .noScene(name, file: first.document.fileName, known: candidates(first: first))
    }

    /// A name for every scene of the app: those of `first` as they are, those of its other
    /// storyboards as `Storyboard:name`. What a "no such scene" message offers.
    public static func candidates(first: Storyboard) -> [String] {
        names(of: first.document) + otherStoryboards(than: first).flatMap { other in names(of: other.document).map { "\(other.name):\($0)" } }
    }

    /// The app's storyboards other than `first`, each that loads, in the folder's order.
    private static func otherStoryboards(than first: Storyboard) -> [Storyboard] {
        guard let application = first.application, let index = application.storyboardIndex else { return [] }
        let firstPath = first.url.map(StoryboardIndex.absolutePath)
        return index.storyboards.filter { $0.path != firstPath }.compactMap { try? application.storyboard(contentsOf: $0.url) }
    }

    /// What a name finds in one storyboard.
    public enum Match {
        case none
        case one(ControllerSpec)
        /// Several scenes have the class or title.
        case several([ControllerSpec])
    }

    /// The scene of `document` that `name` names: a storyboard identifier, else a
    /// controller's id, else a `sceneID`, else a class, else a title (as written, else
    /// ignoring case). Storyboard references are no scenes of their own.
    public static func match(_ name: String, in document: StoryboardDocument) -> Match {
        if let found = document.controller(storyboardIdentifier: name) ?? document.controller(id: name) { return .one(found) }
        let scenes = document.controllers.filter { $0.kind != .reference }
        if let found = scenes.first(where: { $0.sceneID == name }) { return .one(found) }
        let lowered = name.lowercased()
        let tests: [(ControllerSpec) -> Bool] = [
            { $0.customClass == name },
            { $0.displayTitle == name },
            { $0.displayTitle?.lowercased() == lowered },
        ]
        for test in tests {
            let found = scenes.filter(test)
            if found.count == 1 { return .one(found[0]) }
            if found.count > 1 { return .several(found) }
        }
        return .none
    }

    /// A name that finds each scene, in file order: its title when no other scene has it,
    /// else its storyboard identifier, else its class when no other scene has it, else its
    /// controller's id.
    public static func names(of document: StoryboardDocument) -> [String] {
        let scenes = document.controllers.filter { $0.kind != .reference }
        var titles: [String: Int] = [:]
        var classes: [String: Int] = [:]
        for scene in scenes {
            if let title = scene.displayTitle, !title.isEmpty { titles[title, default: 0] += 1 }
            if let name = scene.customClass, !name.isEmpty { classes[name, default: 0] += 1 }
        }
        return scenes.map { scene in
            if let title = scene.displayTitle, titles[title] == 1 { return title }
            if let identifier = scene.storyboardIdentifier, !identifier.isEmpty { return identifier }
            if let name = scene.customClass, classes[name] == 1 { return name }
            return scene.id
        }
    }
}
