import ArgumentParser
import Flow
import Glibc

/// `--locale LANG`, shared by the commands that draw (run, render, monkey, serve): the
/// language storyboards are shown in, with the user's locale as the default, as iOS follows
/// the device's language.
///
/// `run` and `render`, which every start of the app parses, declare the option themselves
/// with `help` and make this from its value (`init(locale:)`, and `validate(_:)` in their
/// own `validate()`): an option group is a second set of properties ArgumentParser reflects
/// on at every start.
public struct LocaleOption: ParsableArguments {
    /// The value given, if any.
    @Option(help: LocaleOption.help)
    public var locale: String?

    /// The help of `--locale`, the same in every command.
    public static let help = ArgumentHelp(
        "Show translations into this language (de, pt-BR, pt_BR.UTF-8), falling back from region to language to the storyboard's own texts; base shows those. Default: LC_ALL, LC_MESSAGES or LANG.",
        valueName: "lang")

    /// The option, as ArgumentParser makes it.
    public init() {}

    /// The option with `locale` given (or not), as a command that declares `--locale`
    /// itself has it.
    public init(locale: String?) {
        self.locale = locale
    }

    /// Refuses a value that names no language.
    public func validate() throws {
        try Self.validate(locale)
    }

    /// Refuses a `--locale` value that names no language.
    public static func validate(_ locale: String?) throws {
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
