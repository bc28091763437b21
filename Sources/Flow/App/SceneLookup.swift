/// Finds the scene a command names (`--scene`): a storyboard identifier or a scene's object
/// id (`BYZ-38-t0r`) in the storyboard opened first, else in the one storyboard of the
/// folder that has it; or `Storyboard:identifier` for a scene of another storyboard.
public enum SceneLookup {
    /// Why no scene was found, in words for the command line.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `Name:` named no storyboard of the folder.
        case noStoryboard(String)
        /// Nothing has the identifier or id; `known` lists the identifiers there are.
        case noScene(String, file: String, known: [String])
        /// Several storyboards have it; each as `Storyboard:identifier`.
        case ambiguous(String, candidates: [String])

        /// The failure as one line for the command line.
        public var description: String {
            switch self {
            case .noStoryboard(let name):
                "no storyboard named \(DiagnosticText.quoted(name)) in this folder"
            case .noScene(let name, let file, let known):
                "\(DiagnosticText.escaped(file)): no scene has the storyboard identifier or id \(DiagnosticText.quoted(name))"
                    + (known.isEmpty ? "" : " (identifiers: " + known.prefix(12).map(DiagnosticText.escaped).joined(separator: ", ") + (known.count > 12 ? ", …" : "") + ")")
            case .ambiguous(let name, let candidates):
                "several storyboards have a scene \(DiagnosticText.quoted(name)): name one as " + candidates.map(DiagnosticText.escaped).joined(separator: " or ")
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
        if let spec = find(name, in: first.document) { return (first, spec) }
        let application = first.application
        let index = application?.storyboardIndex
        if let colon = name.firstIndex(of: ":"), let application {
            let storyboardName = String(name[..<colon])
            let sceneName = String(name[name.index(after: colon)...])
            let storyboard: Storyboard
            do {
                storyboard = try application.storyboard(named: storyboardName, relativeTo: first.url)
            } catch {
                throw .noStoryboard(storyboardName)
            }
            guard let spec = find(sceneName, in: storyboard.document) else {
                throw .noScene(sceneName, file: storyboard.document.fileName, known: identifiers(of: storyboard.document))
            }
            return (storyboard, spec)
        }
        var matches: [(Storyboard, ControllerSpec)] = []
        if let index, let application {
            let firstPath = first.url.map(StoryboardIndex.absolutePath)
            for file in index.storyboards where file.path != firstPath {
                guard let other = try? application.storyboard(contentsOf: file.url), let spec = find(name, in: other.document) else { continue }
                matches.append((other, spec))
            }
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw .ambiguous(name, candidates: matches.map { "\($0.0.name):\(name)" })
        }
        throw .noScene(name, file: first.document.fileName, known: identifiers(of: first.document))
    }

    private static func find(_ name: String, in document: StoryboardDocument) -> ControllerSpec? {
        document.controller(storyboardIdentifier: name) ?? document.controller(id: name)
    }

    private static func identifiers(of document: StoryboardDocument) -> [String] {
        document.controllers.compactMap { $0.storyboardIdentifier.flatMap { $0.isEmpty ? nil : $0 } }
    }
}
