import FoundationEssentials

/// Where the storyboards a file's references name are looked for while it loads.
///
/// A reference to a storyboard that is not there is a warning, never an error: Xcode compiles
/// each storyboard on its own and does not check a reference's target, and an app fails only
/// when that segue fires (here, the segue shows a stand-in scene instead).
public enum ReferenceScope: Sendable {
    /// Not checked (a document made from bytes with nowhere to look).
    case unchecked
    /// Beside the file, in this folder.
    case folder(URL)
    /// Anywhere in an indexed folder, as the build resolves names for `file`.
    case index(StoryboardIndex, file: URL?)

    /// Whether a storyboard called `name` can be found.
    func contains(_ name: String) -> Bool {
        switch self {
        case .unchecked: true
        case .folder(let folder): InputFile.isRegularFile(folder.appendingPathComponent(name + ".storyboard").path)
        case .index(let index, let file): index.resolve(name, from: file).file != nil
        }
    }

    var isChecked: Bool {
        if case .unchecked = self { return false }
        return true
    }
}
