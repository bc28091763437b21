import FoundationEssentials

/// What an app's `Info.plist` says about its storyboards: the main one the system loads at
/// launch, and what the app is called.
public struct AppManifest: Sendable {
    /// The `Info.plist` (or `NAME-Info.plist`) file.
    public var plistURL: URL
    /// The storyboard the app launches with: `UIMainStoryboardFile`, else the application
    /// role's `UISceneStoryboardFile` in the scene manifest.
    public var mainStoryboard: String?
    /// `UILaunchStoryboardName`: shown by the system while the app starts, never navigated.
    public var launchStoryboard: String?
    /// `CFBundleDisplayName` or `CFBundleName`, unless it is a build setting (`$(PRODUCT_NAME)`).
    public var displayName: String?
    /// Whether the plist is an extension's (`NSExtension`) or a watch app's: not the app.
    public var isExtension: Bool
    /// `CFBundleDevelopmentRegion` (`en`): the language the storyboards' own texts are in,
    /// unless it is a build setting (`$(DEVELOPMENT_LANGUAGE)`).
    public var developmentLanguage: String?

    /// The facts of a parsed plist.
    public init(plist: PropertyList, url: URL) {
        plistURL = url
        isExtension = plist["NSExtension"] != nil || plist["WKWatchKitApp"]?.isTrue == true
            || plist["WKApplication"]?.isTrue == true
        mainStoryboard = Self.nonEmpty(plist["UIMainStoryboardFile"]?.string) ?? Self.sceneStoryboard(plist)
        launchStoryboard = Self.nonEmpty(plist["UILaunchStoryboardName"]?.string)
        developmentLanguage = Self.nonEmpty(plist["CFBundleDevelopmentRegion"]?.string).flatMap {
            $0.contains("$(") || $0.contains("${") ? nil : $0
        }
        displayName = [plist["CFBundleDisplayName"], plist["CFBundleName"]].lazy
            .compactMap { Self.nonEmpty($0?.string) }.first { !$0.contains("$(") && !$0.contains("${") }
    }

    /// Whether this plist makes its folder an app: it names a storyboard and is no extension's.
    public var isApp: Bool { mainStoryboard != nil && !isExtension }

    /// `UIApplicationSceneManifest` → `UISceneConfigurations` → a role's configurations →
    /// `UISceneStoryboardFile`; the application role first, then any other.
    private static func sceneStoryboard(_ plist: PropertyList) -> String? {
        guard case .dictionary(let roles) = plist["UIApplicationSceneManifest"]?["UISceneConfigurations"] else { return nil }
        let ordered = roles.sorted { first, second in
            let firstIsApplication = first.key == "UIWindowSceneSessionRoleApplication"
            let secondIsApplication = second.key == "UIWindowSceneSessionRoleApplication"
            if firstIsApplication != secondIsApplication { return firstIsApplication }
            return first.key < second.key
        }
        for (_, configurations) in ordered {
            for configuration in configurations.array ?? [] {
                if let name = nonEmpty(configuration["UISceneStoryboardFile"]?.string) { return name }
            }
        }
        return nil
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Whether `fileName` is a plist that can describe an app: `Info.plist` or `NAME-Info.plist`.
    public static func isInfoPlistName(_ fileName: String) -> Bool {
        fileName == "Info.plist" || fileName.hasSuffix("-Info.plist")
    }
}
