/// A problem found in a storyboard file, with where it is, printed like a compiler's.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var file: String
    public var location: SourceLocation
    public var message: String
    /// Advice about something Xcode builds and runs without a word (an image-only button
    /// with no accessibility label): `check --strict` leaves it a warning, so that a CI job
    /// fails only on what would not behave as meant.
    public var isAdvice = false

    public init(_ severity: Severity, file: String, location: SourceLocation, _ message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    /// The diagnostic as `--strict` counts it: an error, unless it is advice.
    public var strict: Diagnostic {
        var copy = self
        if !isAdvice { copy.severity = .error }
        return copy
    }

    /// `FILE:LINE:COLUMN: error|warning: message`.
    public var description: String {
        "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

/// A storyboard that could not be loaded: every error found, and the warnings beside them.
public struct StoryboardLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// Whether the file could not be read as a storyboard at all (it cannot be read, is too
    /// large, is not well-formed XML, or is not a storyboard document), rather than being a
    /// storyboard with errors in what it says. Commands exit with 2 for the first (they
    /// could not run) and `check` with 1 for the second (it found problems).
    public var isUnreadable: Bool
    public init(diagnostics: [Diagnostic], isUnreadable: Bool = false) {
        self.diagnostics = diagnostics
        self.isUnreadable = isUnreadable
    }
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
