import Foundation

// Temporary stand-in until the real loader lands.
public struct LoadedStoryboard: Sendable {
    public var document: StoryboardDocument
    public var warnings: [Diagnostic]
}

public enum StoryboardLoader {
    public static func load(contentsOf url: URL) throws(StoryboardLoadError) -> LoadedStoryboard {
        throw StoryboardLoadError(diagnostics: [])
    }
    public static func load(data: Data, fileName: String, directory: URL? = nil) throws(StoryboardLoadError) -> LoadedStoryboard {
        throw StoryboardLoadError(diagnostics: [])
    }
}
