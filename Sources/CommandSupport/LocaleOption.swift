import ArgumentParser
import Flow
import Glibc

/// `--locale LANG`, shared by the commands that draw (run, render, monkey, serve): the
/// language storyboards are shown in, with the user's locale as the default, as iOS follows
/// the device's language.
public struct LocaleOption: ParsableArguments {
    /// The value given, if any.
    @Option(
        help: ArgumentHelp(
            "Show translations into this language (de, pt-BR, pt_BR.UTF-8), falling back from region to language to the storyboard's own texts; base shows those. Default: LC_ALL, LC_MESSAGES or LANG.",
            valueName: "lang"))
    public var locale: String?

    /// The option, as ArgumentParser makes it.
    public init() {}

    /// Refuses a value that names no language.
    public func validate() throws {
        if let locale, LanguagePreference(locale) == nil {
            throw ValidationError("--locale takes a language such as de, pt-BR or pt_BR.UTF-8, or base; not \"\(locale)\"")
        }
    }

    /// The language chosen: `--locale`'s, else the environment's.
    public var preference: LanguagePreference {
        if let locale, let chosen = LanguagePreference(locale) { return chosen }
        return LanguagePreference(environment: Self.localeEnvironment())
    }

    /// Whether `--locale` was given (a language the app lacks is then worth saying).
    public var isExplicit: Bool { locale != nil }

    /// The variables the default comes from, read without Foundation.
    static func localeEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
