/// A navigation request that can't be met.
public enum FlowError: Error, Equatable, Sendable, CustomStringConvertible {
    case noInitialViewController(file: String)
    case noSuchIdentifier(String, file: String)
    case storyboardNotFound(String)
    case load(String)

    public var description: String {
        switch self {
        case .noInitialViewController(let file):
            "\(file): no initial view controller: mark one in the file, or start at a scene with --scene"
        case .noSuchIdentifier(let identifier, let file):
            "\(file): no scene has the storyboard identifier \"\(identifier)\""
        case .storyboardNotFound(let name):
            "no storyboard named \"\(name)\""
        case .load(let message):
            message
        }
    }
}
