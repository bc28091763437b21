import CommandSupport
import ArgumentParser
import Demos
import Flow
import FoundationEssentials

/// `storyboard unwind FILE --from ID --action NAME`: where an unwind would go from a scene.
struct Unwind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unwind",
        abstract: "Dry-run an unwind segue: where it would go from a scene, and what it removes.",
        discussion: """
            Follows the shortest chain of segues from the initial scene to the scene (an element \
            id, a storyboard identifier, or a class or title only one scene has), building the controllers headless (the tool's known \
            classes, else generic ones) and running their prepare(for:sender:), then searches for \
            the unwind action's destination as the runtime would. Nothing is unwound. Exits with \
            0 when a destination is found, 1 when there is none (or no path to the scene), 2 \
            when the file cannot be read or loaded or the scene does not exist.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "A storyboard file, an app's folder (its main storyboard), or a bundled storyboard by name.")
    var file: String

    @Option(help: "The scene to unwind from: its element id, storyboard identifier, or class or title (when only one scene has it); in an app, Storyboard:identifier for another storyboard's scene.")
    var from: String

    @Option(help: "The unwind action, e.g. unwindToList: (the colon may be left out).")
    var action: String

    func validate() throws {
        if action.isEmpty || action == ":" { throw ValidationError("Give the unwind action's name.") }
    }

    func run() throws {
        let target = try StoryboardFile.resolveOrExit(file)
        let (loaded, url) = try StoryboardFile.loadOrExit(target)
        // The app's other storyboards load as the path reaches them, through its references.
        let application = Application(registry: Demos.registry())
        application.storyboardIndex = target.index
        let storyboard = application.storyboard(document: loaded.document, url: url)
        let outcome: UnwindDryRun.Outcome
        do {
            outcome = try UnwindDryRun.run(storyboard: storyboard, from: from, action: action)
        } catch {
            switch error {
            case .noSuchScene:
                StandardError.report(error.description + "; " + Self.candidates(for: from, in: storyboard))
                throw ExitCode(ExitStatus.usage.rawValue)
            case .ambiguousScene:
                StandardError.report(error.description)
                throw ExitCode(ExitStatus.usage.rawValue)
            default:
                StandardError.report(error.description)
                throw ExitCode(ExitStatus.problems.rawValue)
            }
        }
        for line in outcome.report { print(line) }
        for warning in application.warnings {
            StandardError.report("warning: \(DiagnosticText.escaped(warning))")
        }
        if outcome.plan == nil { throw ExitCode(ExitStatus.problems.rawValue) }
    }

    /// What `--from` could have been: the nearest scene name, if one is near, and the names
    /// of the app's scenes, the other storyboards' as `Storyboard:name` (the first 30).
    static func candidates(for name: String, in storyboard: Storyboard) -> String {
        let names = SceneLookup.candidates(first: storyboard)
        let shown = names.prefix(30).map { "\"" + DiagnosticText.escaped($0) + "\"" }.joined(separator: ", ")
        let more = names.count > 30 ? ", … \(names.count - 30) more" : ""
        let nearest = Suggestion.nearest(to: name, among: names).map { "did you mean \"\(DiagnosticText.escaped($0))\"? " } ?? ""
        return "\(nearest)scenes: \(shown)\(more)"
    }
}
