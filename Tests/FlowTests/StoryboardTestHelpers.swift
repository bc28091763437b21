import Foundation
import Testing

@testable import Flow

/// What loading some text gave: the storyboard, or every diagnostic of the failure.
enum LoadOutcome {
    case loaded(LoadedStoryboard)
    case failed([Diagnostic])

    var document: StoryboardDocument? {
        if case .loaded(let loaded) = self { return loaded.document }
        return nil
    }

    var warnings: [Diagnostic] {
        if case .loaded(let loaded) = self { return loaded.warnings }
        return []
    }

    /// The failure's diagnostics (errors and warnings), empty when the file loaded.
    var diagnostics: [Diagnostic] {
        if case .failed(let diagnostics) = self { return diagnostics }
        return []
    }

    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

func loadStoryboard(_ text: String, fileName: String = "Test.storyboard", directory: URL? = nil) -> LoadOutcome {
    loadStoryboard(bytes: Data(text.utf8), fileName: fileName, directory: directory)
}

func loadStoryboard(bytes: Data, fileName: String = "Test.storyboard", directory: URL? = nil) -> LoadOutcome {
    do {
        return .loaded(try StoryboardLoader.load(data: bytes, fileName: fileName, directory: directory))
    } catch {
        return .failed(error.diagnostics)
    }
}

/// Line and column (in characters) of the first occurrence of `needle`, worked out with
/// plain string searching, independently of the loader's byte counting.
func position(of needle: String, in text: String, occurrence: Int = 1) -> Flow.SourceLocation? {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
        found = range
        searchStart = range.upperBound
    }
    guard let found else { return nil }
    let before = text[text.startIndex..<found.lowerBound]
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    return Flow.SourceLocation(line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
}

/// A storyboard around `scenes`, with a header Xcode would write.
func storyboard(initial: String? = "a", _ scenes: String) -> String {
    let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch"\(initialAttribute)>
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
}

/// A scene holding one plain view controller; `inside` goes in the controller element.
func scene(_ id: String, kind: String = "viewController", exit: String? = nil, _ inside: String = "") -> String {
    let exitElement = exit.map { "<exit id=\"\($0)\" userLabel=\"Exit\" sceneMemberID=\"exit\"/>" } ?? ""
    return """
                <scene sceneID="scene-\(id)">
                    <objects>
                        <\(kind) id="\(id)" sceneMemberID="viewController">
                            \(inside)
                        </\(kind)>
                        \(exitElement)
                    </objects>
                </scene>
        """
}
