/// A problem found in a storyboard file, with where it is, printed like a compiler's.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var file: String
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, file: String, location: SourceLocation, _ message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error|warning: message`.
    public var description: String {
        "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

/// A storyboard that could not be loaded: every error found, and the warnings beside them.
public struct StoryboardLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension Diagnostic {
    /// `diagnostics` in the order of their places in the file (line, then column), those at
    /// the same place in the order found: how the loader, the linter and `check` list them.
    public static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { first, second in
            let a = first.element.location
            let b = second.element.location
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return first.offset < second.offset
        }.map(\.element)
    }
}
