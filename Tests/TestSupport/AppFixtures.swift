import Flow
import Foundation

/// The app folders in `Tests/Apps`, written for these tests in the shapes real projects have:
///
/// - `Harbor`: an `Info.plist` naming `Main`; storyboards in `Base.lproj`, `Settings/Base.lproj`
///   and `Features/Routes` that reference each other (a tab per storyboard, and Settings back to
///   Main's `Schedule`); a reference to `Account`, which is absent; a duplicate segue identifier;
///   a three-column split view (Routes); translations into `de` (UTF-8), `fr` (UTF-16 with a
///   byte-order mark, Settings' kept in `Resources/Translations`), `pt`, `ar`, and a string
///   catalog (`Routes.xcstrings`, `de`).
/// - `Lighthouse`: a scene manifest naming `Start`; a share extension whose plist also names a
///   storyboard (it is not the app); an empty page view controller and an empty tab bar.
public enum AppFixtures {
    /// `Tests/Apps`: two apps side by side.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps", isDirectory: true)
    public static let harbor = folder.appendingPathComponent("Harbor", isDirectory: true)
    public static let lighthouse = folder.appendingPathComponent("Lighthouse", isDirectory: true)

    /// An application over `folder`'s one app, in `languages`, with its main storyboard loaded.
    public static func open(
        _ folder: URL, languages: LanguagePreference = .base, registry: ClassRegistry = ClassRegistry()
    ) throws -> (application: Application, storyboard: Storyboard) {
        let index = StoryboardIndex(walking: folder)
        guard index.apps.count == 1, let app = index.apps.first, let main = index.mainStoryboard(of: app) else {
            throw DriverError("\(folder.path) does not hold one app with its main storyboard")
        }
        let application = Application(registry: registry)
        application.storyboardIndex = index
        application.languages = languages
        return (application, try application.storyboard(contentsOf: main.url))
    }

    /// Launches `folder`'s app on its main storyboard's initial scene.
    public static func launch(_ folder: URL, languages: LanguagePreference = .base) throws -> FlowDriver {
        let (application, storyboard) = try open(folder, languages: languages)
        // The driver keeps the application; until then, so must this.
        return try withExtendedLifetime(application) { try FlowDriver.launch(storyboard) }
    }
}
