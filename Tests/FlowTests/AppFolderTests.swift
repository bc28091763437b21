import Foundation
import Testing
import TestSupport

@testable import Flow

/// An app's folder as one target: found from its `Info.plist`, its storyboards found by name
/// wherever they sit, and what is missing shown as a stand-in instead of refusing to run.
@Suite struct AppFolderTests {
    // MARK: Finding the app

    @Test func theIndexFindsEveryStoryboardAndTheApps() throws {
        let index = StoryboardIndex(walking: AppFixtures.folder)
        #expect(
            index.storyboards.map(\.relativePath) == [
                "Harbor/Base.lproj/Main.storyboard", "Harbor/Features/Routes/Routes.storyboard",
                "Harbor/Settings/Base.lproj/Settings.storyboard", "Lighthouse/Base.lproj/Start.storyboard",
                "Lighthouse/ShareExtension/Base.lproj/MainInterface.storyboard",
            ])
        // The share extension's plist names a storyboard too, but it is not an app.
        #expect(index.apps.map(\.name) == ["Harbor", "Lighthouse"])
        #expect(index.apps.map(\.manifest.mainStoryboard) == ["Main", "Start"])
        #expect(index.problems.isEmpty)
    }

    @Test func aSceneManifestNamesTheMainStoryboard() throws {
        let index = StoryboardIndex(walking: AppFixtures.lighthouse)
        let app = try #require(index.apps.first)
        #expect(index.apps.count == 1)
        #expect(app.manifest.mainStoryboard == "Start")
        // CFBundleName is a build setting, so the folder names the app.
        #expect(app.manifest.displayName == nil)
        #expect(app.name == "Lighthouse")
        #expect(index.mainStoryboard(of: app)?.relativePath == "Base.lproj/Start.storyboard")
    }

    @Test func anExtensionsPlistIsNotTheApp() throws {
        let plist = try PropertyList.read(
            Array(Data(contentsOf: AppFixtures.lighthouse.appendingPathComponent("ShareExtension/Info.plist"))))
        let manifest = AppManifest(plist: plist, url: AppFixtures.lighthouse.appendingPathComponent("ShareExtension/Info.plist"))
        #expect(manifest.mainStoryboard == "MainInterface")
        #expect(manifest.isExtension)
        #expect(!manifest.isApp)
    }

    @Test func aStoryboardFileFindsTheAppItIsIn() {
        let settings = AppFixtures.harbor.appendingPathComponent("Settings/Base.lproj/Settings.storyboard")
        #expect(StoryboardIndex.enclosingProject(of: settings)?.standardizedFileURL.path == AppFixtures.harbor.standardizedFileURL.path)
        // The corpus has no app above it: the search stops at the repository's top.
        let corpus = AppFixtures.folder.deletingLastPathComponent().appendingPathComponent("Corpus/Settings.storyboard")
        #expect(StoryboardIndex.enclosingProject(of: corpus) == nil)
    }

    @Test func anXcodeProjectMarksTheProjectsFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("MyApp.xcodeproj/project.pbxproj", "// !$*UTF8*$!")
        try folder.write("MyApp/Base.lproj/Main.storyboard", storyboard(scene("a")))
        let file = folder.url.appendingPathComponent("MyApp/Base.lproj/Main.storyboard")
        #expect(StoryboardIndex.enclosingProject(of: file)?.standardizedFileURL.path == folder.url.standardizedFileURL.path)
        // The project's bundle is not walked into.
        #expect(StoryboardIndex(walking: folder.url).storyboards.map(\.relativePath) == ["MyApp/Base.lproj/Main.storyboard"])
    }

    @Test func theDevelopmentLanguageIsReadUnlessItIsABuildSetting() throws {
        func manifest(_ region: String) throws -> AppManifest {
            let text = "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string><key>CFBundleDevelopmentRegion</key><string>\(region)</string></dict></plist>"
            let plist = try PropertyList.read(Array(text.utf8))
            return AppManifest(plist: plist, url: URL(fileURLWithPath: "/App/Info.plist"))
        }
        #expect(try manifest("en").developmentLanguage == "en")
        #expect(try manifest("$(DEVELOPMENT_LANGUAGE)").developmentLanguage == nil)
    }

    @Test func aBinaryInfoPlistIsRead() throws {
        let folder = try TemporaryFolder()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Plists/Binary-Info.plist")
        try folder.write("App/Info.plist", Data(contentsOf: fixture))
        try folder.write("App/Base.lproj/Main.storyboard", storyboard(scene("a")))
        let index = StoryboardIndex(walking: folder.url)
        #expect(index.apps.map(\.name) == ["Binary Harbor"])
        #expect(index.apps.first.flatMap(index.mainStoryboard(of:))?.relativePath == "App/Base.lproj/Main.storyboard")
    }

    @Test func anUnreadablePlistIsAWarningNamingTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key></dict></plist>")
        let index = StoryboardIndex(walking: folder.url)
        #expect(index.apps.isEmpty)
        let problem = try #require(index.problems.first)
        #expect(problem.file.hasSuffix("App/Info.plist"))
        #expect(problem.severity == .warning)
        #expect(problem.message.contains("key \"UIMainStoryboardFile\" has no value"), "\(problem)")
        #expect(problem.location.line == 1)
    }

    // MARK: Names resolve as the build resolves them

    @Test func referencesResolveAcrossSubfolders() throws {
        let index = StoryboardIndex(walking: AppFixtures.harbor)
        let main = AppFixtures.harbor.appendingPathComponent("Base.lproj/Main.storyboard")
        #expect(index.resolve("Settings", from: main).file?.relativePath == "Settings/Base.lproj/Settings.storyboard")
        #expect(index.resolve("Routes", from: main).file?.relativePath == "Features/Routes/Routes.storyboard")
        #expect(index.resolve("Routes.storyboard", from: main).file?.relativePath == "Features/Routes/Routes.storyboard")
        #expect(index.resolve("Account", from: main).file == nil)
    }

    @Test func baseLprojWinsAndTrueDuplicatesAreNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Info.plist", plist(main: "Main"))
        try folder.write("App/en.lproj/Main.storyboard", storyboard(scene("en")))
        try folder.write("App/Base.lproj/Main.storyboard", storyboard(scene("base")))
        try folder.write("App/Old/Main.storyboard", storyboard(scene("old")))
        let index = StoryboardIndex(walking: folder.url)
        let lookup = index.resolve("Main")
        #expect(lookup.file?.relativePath == "App/Base.lproj/Main.storyboard")
        // en.lproj's is a localization of the same storyboard; Old/'s is another file.
        #expect(lookup.duplicates.map(\.relativePath) == ["App/Old/Main.storyboard"])
        let findings = AppLinter.lint(index: index, documents: [:])
        #expect(findings.count == 1)
        #expect(findings.first?.file.hasSuffix("App/Old/Main.storyboard") == true)
        #expect(findings.first?.message.contains("another storyboard is also called \"Main\"") == true)
    }

    /// Only the storyboard the Info.plist names as main needs an entry point; others opened
    /// by identifier are normal, as in Xcode.
    @Test func onlyTheMainStoryboardMustHaveAnInitialViewController() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Info.plist", plist(main: "Main"))
        try folder.write("App/Base.lproj/Main.storyboard", storyboard(initial: nil, scene("a")))
        let chat = storyboard(initial: nil, scene("b")).replacingOccurrences(of: "id=\"b\"", with: "storyboardIdentifier=\"Chat\" id=\"b\"")
        try folder.write("App/Base.lproj/Chat.storyboard", chat)
        let index = StoryboardIndex(walking: folder.url)
        var documents: [String: StoryboardDocument] = [:]
        for file in index.storyboards {
            let loaded = try StoryboardLoader.load(contentsOf: file.url)
            documents[StoryboardIndex.absolutePath(file.url)] = loaded.document
            #expect(loaded.warnings.isEmpty == (file.name == "Chat"), "\(file.name): \(loaded.warnings.map(\.message))")
        }
        let findings = AppLinter.lint(index: index, documents: documents)
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.file.hasSuffix("Main.storyboard") == true)
        #expect(findings.first?.message.contains("names this storyboard as the app's main one, but it has no initial view controller") == true)
    }

    @Test func eachAppResolvesItsOwnStoryboardsFirst() throws {
        let folder = try TemporaryFolder()
        for app in ["One", "Two"] {
            try folder.write("\(app)/Info.plist", plist(main: "Main"))
            try folder.write("\(app)/Base.lproj/Main.storyboard", storyboard(scene(app)))
            try folder.write("\(app)/Base.lproj/Shared.storyboard", storyboard(scene(app + "Shared")))
        }
        let index = StoryboardIndex(walking: folder.url)
        let fromTwo = folder.url.appendingPathComponent("Two/Base.lproj/Main.storyboard")
        #expect(index.resolve("Shared", from: fromTwo).file?.relativePath == "Two/Base.lproj/Shared.storyboard")
        #expect(index.resolve("Shared", from: fromTwo).duplicates.isEmpty)
        #expect(index.apps.compactMap { index.mainStoryboard(of: $0)?.relativePath } == ["One/Base.lproj/Main.storyboard", "Two/Base.lproj/Main.storyboard"])
    }

    // MARK: Running the app

    @Test func theAppRunsFromItsFolderWithATabPerStoryboard() throws {
        let store = try NavigationStore(driver: AppFixtures.launch(AppFixtures.harbor), state: Self.harbor, trace: Self.harborLaunch)
        let driver = store.driver
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        #expect((0..<tabs.viewControllers.count).map(tabs.title(ofTab:)) == ["Schedule", "Settings", "Routes"])
        #expect(driver.title == "Schedule")
        #expect(driver.rowTitles() == ["Morning ferry", "Evening ferry", "My account"])
        // The Settings tab comes from Settings/Base.lproj, two folders away.
        try store.step(.selectTab(1), state: "Tabs[Navigation[TableViewController \"Schedule\"] | *Navigation[TableViewController \"Settings\"] | Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: [
            "tab TableViewController \"Schedule\" → TableViewController \"Settings\"",
            "NavigationController \"Settings\".viewDidLoad",
            "TableViewController \"Settings\".viewDidLoad",
            "NavigationController \"Schedule\".viewWillDisappear",
            "TableViewController \"Schedule\".viewWillDisappear",
            "NavigationController \"Settings\".viewWillAppear",
            "TableViewController \"Settings\".viewWillAppear",
            "NavigationController \"Schedule\".viewDidDisappear",
            "TableViewController \"Schedule\".viewDidDisappear",
            "NavigationController \"Settings\".viewDidAppear",
            "TableViewController \"Settings\".viewDidAppear",
        ])
        #expect(driver.title == "Settings")
        #expect(driver.top.storyboard?.name == "Settings")
        // From there, a reference back into Main by identifier.
        try store.step(.tapRow("Timetable"), state: "Tabs[Navigation[TableViewController \"Schedule\"] | *Navigation[TableViewController \"Settings\" › TableViewController \"Schedule\"] | Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: [
            "TableViewController \"Settings\".shouldPerformSegue(ShowTimetable) → true",
            "segue show \"ShowTimetable\" TableViewController \"Settings\" → TableViewController \"Schedule\"",
            "TableViewController \"Settings\".prepare(ShowTimetable)",
            "TableViewController \"Schedule\".viewDidLoad",
            "TableViewController \"Settings\".viewWillDisappear",
            "TableViewController \"Schedule\".viewWillAppear",
            "TableViewController \"Settings\".viewDidDisappear",
            "TableViewController \"Schedule\".viewDidAppear",
        ])
        #expect(driver.top.storyboard?.name == "Main")
    }

    @Test func aThreeColumnSplitViewKeepsEveryColumn() throws {
        let store = try NavigationStore(driver: AppFixtures.launch(AppFixtures.harbor), state: Self.harbor, trace: Self.harborLaunch)
        let driver = store.driver
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        let split = try #require(tabs.viewControllers.last as? SplitViewController)
        #expect(split.viewController(for: .primary) is NavigationController)
        #expect(split.viewController(for: .supplementary)?.title == "Stops")
        #expect(split.viewController(for: .secondary)?.title == "Route")
        #expect(split.viewController(for: .compact) == nil)
        #expect(split.children.count == 3)
        #expect(split.masterViewController === split.viewController(for: .primary))
        try store.step(.selectTab(2), state: "Tabs[Navigation[TableViewController \"Schedule\"] | Navigation[TableViewController \"Settings\"] | *Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: [
            "tab TableViewController \"Schedule\" → TableViewController \"Lines\"",
            "SplitViewController \"Routes\".viewDidLoad",
            "NavigationController \"Lines\".viewDidLoad",
            "TableViewController \"Lines\".viewDidLoad",
            "NavigationController \"Schedule\".viewWillDisappear",
            "TableViewController \"Schedule\".viewWillDisappear",
            "SplitViewController \"Routes\".viewWillAppear",
            "NavigationController \"Lines\".viewWillAppear",
            "TableViewController \"Lines\".viewWillAppear",
            "NavigationController \"Schedule\".viewDidDisappear",
            "TableViewController \"Schedule\".viewDidDisappear",
            "SplitViewController \"Routes\".viewDidAppear",
            "NavigationController \"Lines\".viewDidAppear",
            "TableViewController \"Lines\".viewDidAppear",
        ])
        #expect(driver.title == "Lines")
        // A terminal is compact: the column shown from the list is pushed onto it.
        try store.step(.tapRow("North line"), state: "Tabs[Navigation[TableViewController \"Schedule\"] | Navigation[TableViewController \"Settings\"] | *Split[Navigation[TableViewController \"Lines\" › ViewController \"Stops\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: [
            "TableViewController \"Lines\".shouldPerformSegue(ShowStops) → true",
            "segue showDetail \"ShowStops\" TableViewController \"Lines\" → ViewController \"Stops\"",
            "TableViewController \"Lines\".prepare(ShowStops)",
            "ViewController \"Stops\".viewDidLoad",
            "TableViewController \"Lines\".viewWillDisappear",
            "ViewController \"Stops\".viewWillAppear",
            "TableViewController \"Lines\".viewDidDisappear",
            "ViewController \"Stops\".viewDidAppear",
        ])
    }

    @Test func aDuplicateSegueIdentifierStillRuns() throws {
        let store = try NavigationStore(driver: AppFixtures.launch(AppFixtures.harbor), state: Self.harbor, trace: Self.harborLaunch)
        try store.step(.tapRow("Evening ferry"), state: "Tabs[*Navigation[TableViewController \"Schedule\" › ViewController \"Departure\"] | Navigation[TableViewController \"Settings\"] | Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: Self.toDeparture)
        try store.step(.back, state: Self.harbor, trace: [
            "pop ViewController \"Departure\" → TableViewController \"Schedule\"",
            "ViewController \"Departure\".viewWillDisappear",
            "TableViewController \"Schedule\".viewWillAppear",
            "ViewController \"Departure\".viewDidDisappear",
            "TableViewController \"Schedule\".viewDidAppear",
            "ViewController \"Departure\" released",
        ])
        try store.step(.tapRow("Morning ferry"), state: "Tabs[*Navigation[TableViewController \"Schedule\" › ViewController \"Departure\"] | Navigation[TableViewController \"Settings\"] | Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: Self.toDeparture)
    }

    @Test func aMissingStoryboardShowsAStandInThatSaysSo() throws {
        let store = try NavigationStore(driver: AppFixtures.launch(AppFixtures.harbor), state: Self.harbor, trace: Self.harborLaunch)
        let driver = store.driver
        try store.step(.tapRow("My account"), state: "Tabs[*Navigation[TableViewController \"Schedule\" › Account.storyboard] | Navigation[TableViewController \"Settings\"] | Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]", trace: [
            "TableViewController \"Schedule\".shouldPerformSegue(ShowAccount) → true",
            "warning: Account.storyboard is not in this folder (a stand-in shows instead)",
            "segue show \"ShowAccount\" TableViewController \"Schedule\" → Account.storyboard",
            "TableViewController \"Schedule\".prepare(ShowAccount)",
            "Account.storyboard.viewDidLoad",
            "TableViewController \"Schedule\".viewWillDisappear",
            "Account.storyboard.viewWillAppear",
            "TableViewController \"Schedule\".viewDidDisappear",
            "Account.storyboard.viewDidAppear",
        ])
        let standIn = try #require(driver.top as? StandInViewController)
        #expect(driver.title == "Account")
        #expect(standIn.missing.headline == "Account.storyboard is not in this folder")
        #expect(standIn.missing.details.first == "Main.storyboard refers to it at line 144")
        #expect(standIn.missing.details.contains { $0.hasPrefix("Looked in every folder of ") && $0.hasSuffix("Harbor/.") })
        let labels = standIn.view.allViews.compactMap { ($0 as? Label)?.text }
        #expect(labels.first == "Account.storyboard is not in this folder")
        #expect(labels.last == "Esc goes back.")
        // The trace says the same, and the stand-in goes back as the real scene would have.
        #expect(driver.application.warnings.last == "Account.storyboard is not in this folder (a stand-in shows instead)")
        try store.step(.back, state: Self.harbor, trace: [
            "pop Account.storyboard → TableViewController \"Schedule\"",
            "Account.storyboard.viewWillDisappear",
            "TableViewController \"Schedule\".viewWillAppear",
            "Account.storyboard.viewDidDisappear",
            "TableViewController \"Schedule\".viewDidAppear",
            "Account.storyboard released",
        ])
    }

    @Test func aMissingIdentifierOrInitialSceneShowsAStandIn() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Info.plist", plist(main: "Main"))
        try folder.write(
            "App/Base.lproj/Main.storyboard",
            storyboard(
                scene("a", kind: "tabBarController", """
                    <connections>
                        <segue destination="r1" kind="relationship" relationship="viewControllers" id="t1"/>
                        <segue destination="r2" kind="relationship" relationship="viewControllers" id="t2"/>
                    </connections>
                    """)
                    + """
                            <scene sceneID="s-r1"><objects>
                                <viewControllerPlaceholder storyboardName="Library" referencedIdentifier="Shelf" id="r1" sceneMemberID="viewController"/>
                            </objects></scene>
                            <scene sceneID="s-r2"><objects>
                                <viewControllerPlaceholder storyboardName="Library" id="r2" sceneMemberID="viewController"/>
                            </objects></scene>
                    """))
        try folder.write("App/Library.storyboard", storyboard(initial: nil, scene("b")))
        let store = try NavigationStore(driver: AppFixtures.launch(folder.url.appendingPathComponent("App")), state: "Tabs[*Library.storyboard \"Shelf\" | Library.storyboard]", trace: [
            "warning: Library.storyboard has no scene with the storyboard identifier \"Shelf\" (a stand-in shows instead)",
            "warning: Library.storyboard has no initial view controller (a stand-in shows instead)",
            "root Library.storyboard \"Shelf\"",
            "TabBarController \"a\".viewDidLoad",
            "Library.storyboard \"Shelf\".viewDidLoad",
            "TabBarController \"a\".viewWillAppear",
            "Library.storyboard \"Shelf\".viewWillAppear",
            "TabBarController \"a\".viewDidAppear",
            "Library.storyboard \"Shelf\".viewDidAppear",
        ])
        let driver = store.driver
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        let first = try #require(tabs.viewControllers.first as? StandInViewController)
        #expect(first.missing.headline == "Library.storyboard has no scene with the storyboard identifier \"Shelf\"")
        #expect(first.missing.details.contains("(storyboard reference \"r1\", identifier \"Shelf\")"))
        let second = try #require(tabs.viewControllers.last as? StandInViewController)
        #expect(second.missing.headline == "Library.storyboard has no initial view controller")
        // A tab has nothing to go back to: the stand-in does not offer Esc.
        first.loadViewIfNeeded()
        #expect(first.view.allViews.compactMap { ($0 as? Label)?.text }.last == "")
        // Check says it beforehand, as warnings.
        let index = try #require(driver.application.storyboardIndex)
        let libraryURL = try #require(index.resolve("Library").file?.url)
        let mainURL = try #require(index.resolve("Main").file?.url)
        let findings = AppLinter.referenceIdentifiers(
            of: try StoryboardLoader.load(contentsOf: mainURL).document, at: mainURL, index: index,
            documents: [StoryboardIndex.absolutePath(libraryURL): try StoryboardLoader.load(contentsOf: libraryURL).document])
        #expect(findings.map(\.severity) == [.warning, .warning])
        #expect(findings.first?.message.contains("names scene \"Shelf\" of \"Library\"") == true)
    }

    @Test func emptyContainersAreLegal() throws {
        let store = try NavigationStore(driver: AppFixtures.launch(AppFixtures.lighthouse), state: "Navigation[TableViewController \"Keeper's Log\"]", trace: [
            "root TableViewController \"Keeper's Log\"",
            "NavigationController \"Keeper's Log\".viewDidLoad",
            "TableViewController \"Keeper's Log\".viewDidLoad",
            "NavigationController \"Keeper's Log\".viewWillAppear",
            "TableViewController \"Keeper's Log\".viewWillAppear",
            "NavigationController \"Keeper's Log\".viewDidAppear",
            "TableViewController \"Keeper's Log\".viewDidAppear",
        ])
        try store.step(.tapRow("Gallery"), state: "Navigation[TableViewController \"Keeper's Log\"] ⇒ fullScreen Pages[]", trace: [
            "TableViewController \"Keeper's Log\".shouldPerformSegue() → true",
            "segue present TableViewController \"Keeper's Log\" → PageViewController \"Gallery\"",
            "TableViewController \"Keeper's Log\".prepare()",
            "PageViewController \"Gallery\".viewDidLoad",
            "NavigationController \"Keeper's Log\".viewWillDisappear",
            "TableViewController \"Keeper's Log\".viewWillDisappear",
            "PageViewController \"Gallery\".viewWillAppear",
            "PageViewController \"Gallery\".viewDidAppear",
            "NavigationController \"Keeper's Log\".viewDidDisappear",
            "TableViewController \"Keeper's Log\".viewDidDisappear",
        ])
        try store.step(.dismiss, state: "Navigation[TableViewController \"Keeper's Log\"]", trace: [
            "dismiss PageViewController \"Gallery\" → TableViewController \"Keeper's Log\"",
            "PageViewController \"Gallery\".viewWillDisappear",
            "NavigationController \"Keeper's Log\".viewWillAppear",
            "TableViewController \"Keeper's Log\".viewWillAppear",
            "NavigationController \"Keeper's Log\".viewDidAppear",
            "TableViewController \"Keeper's Log\".viewDidAppear",
            "PageViewController \"Gallery\".viewDidDisappear",
            "PageViewController \"Gallery\" released",
        ])
        try store.step(.tapRow("Rooms"), state: "Navigation[TableViewController \"Keeper's Log\"] ⇒ fullScreen Tabs[]", trace: [
            "TableViewController \"Keeper's Log\".shouldPerformSegue() → true",
            "segue present TableViewController \"Keeper's Log\" → TabBarController \"Rooms\"",
            "TableViewController \"Keeper's Log\".prepare()",
            "TabBarController \"Rooms\".viewDidLoad",
            "NavigationController \"Keeper's Log\".viewWillDisappear",
            "TableViewController \"Keeper's Log\".viewWillDisappear",
            "TabBarController \"Rooms\".viewWillAppear",
            "TabBarController \"Rooms\".viewDidAppear",
            "NavigationController \"Keeper's Log\".viewDidDisappear",
            "TableViewController \"Keeper's Log\".viewDidDisappear",
        ])
        let tabs = try #require(store.driver.top as? TabBarController)
        #expect(tabs.selectedViewController == nil)
    }

    // MARK: --scene

    @Test func aSceneIsFoundByIdentifierIdOrStoryboard() throws {
        let (application, main) = try AppFixtures.open(AppFixtures.harbor)
        defer { withExtendedLifetime(application) {} }
        #expect(try SceneLookup.scene(for: "Departure", first: main).1.id == "Hb1-Dp-001")
        #expect(try SceneLookup.scene(for: "Hb1-Dp-001", first: main).1.id == "Hb1-Dp-001")
        let (settings, spec) = try SceneLookup.scene(for: "Settings:Notifications", first: main)
        #expect(settings.name == "Settings")
        #expect(spec.id == "St1-Nt-001")
        // Only one storyboard of the app has it: found without naming the storyboard.
        #expect(try SceneLookup.scene(for: "Notifications", first: main).0.name == "Settings")
        #expect(throws: SceneLookup.Failure.noStoryboard("Account")) { try SceneLookup.scene(for: "Account:Login", first: main) }
        // The hint names the scenes of every storyboard of the app, not only the first's.
        #expect(throws: SceneLookup.Failure.noScene("Nowhere", file: main.document.fileName, known: SceneLookup.candidates(first: main))) {
            try SceneLookup.scene(for: "Nowhere", first: main)
        }
        let candidates = SceneLookup.candidates(first: main)
        #expect(candidates.contains("Departure") && candidates.contains("Settings:Notifications") && candidates.contains("Routes:Stops"), "\(candidates)")
        // Xcode's scene id, a title in any case and the controller's id name a scene too, in
        // any storyboard of the app.
        #expect(try SceneLookup.scene(for: "Hb1-Sn-004", first: main).1.id == "Hb1-Dp-001")
        #expect(try SceneLookup.scene(for: "Routes:lines", first: main).1.id == "Rt1-Pr-001")
        #expect(try SceneLookup.scene(for: "St1-Sn-003", first: main).1.id == "St1-Nt-001")
        #expect(try SceneLookup.scene(for: "Settings:St1-Nt-001", first: main).1.id == "St1-Nt-001")
    }

    // MARK: The tools

    @Test func unwindFindsItsPathAcrossStoryboards() throws {
        let (application, main) = try AppFixtures.open(AppFixtures.harbor)
        defer { withExtendedLifetime(application) {} }
        let outcome = try UnwindDryRun.run(storyboard: main, from: "Settings:Notifications", action: "unwindToSchedule:")
        #expect(outcome.source.storyboard?.name == "Settings")
        #expect(outcome.source.title == "Notifications")
        #expect(outcome.path.map(\.segue.kind) == [.relationship, .relationship, .show])
        #expect(
            outcome.report.prefix(4) == [
                "Path from the initial scene (3 steps):",
                "  1. TabBarController \"Hb1-Tb-001\" --viewControllers--> Settings: NavigationController \"Settings\"",
                "  2. NavigationController \"Settings\" --rootViewController--> TableViewController \"Settings\"",
                "  3. TableViewController \"Settings\" --show ShowNotifications--> ViewController \"Notifications\"",
            ])
    }

    @Test func theGraphOfAnAppHasAClusterPerStoryboard() throws {
        let index = StoryboardIndex(walking: AppFixtures.harbor)
        let storyboards = try index.storyboards.map { file in
            GraphExporter.AppStoryboard(label: file.relativePath, url: file.url, document: try StoryboardLoader.load(contentsOf: file.url).document)
        }
        let main = index.resolve("Main").file?.url
        let dot = GraphExporter.export(app: storyboards, index: index, main: main, title: "Harbor", format: .dot)
        #expect(dot.components(separatedBy: "subgraph cluster_").count - 1 == 3)
        #expect(dot.contains("label=\"Settings/Base.lproj/Settings.storyboard\";"))
        // Main's Settings tab leads to Settings' navigation controller; Settings' Timetable back to Schedule.
        #expect(dot.contains("[label=\"reference\", style=dashed, color=blue, fontcolor=blue]"))
        let references = dot.split(separator: "\n").filter { $0.contains("label=\"reference\"") }
        #expect(references.count == 3)
        #expect(dot.contains("→ Account.storyboard\\n(not in this folder)"))
        #expect(dot.contains("start -> s0n0;"))
        let mermaid = GraphExporter.export(app: storyboards, index: index, main: main, title: "Harbor", format: .mermaid)
        #expect(mermaid.components(separatedBy: "    subgraph c").count - 1 == 3)
        #expect(mermaid.contains("classDef missing stroke:#c00,color:#c00"))
    }

    @Test func aFolderWithSeveralAppsOpensOnALauncher() throws {
        let index = StoryboardIndex(walking: AppFixtures.folder)
        let application = Application()
        application.storyboardIndex = index
        let launcher = application.storyboard(document: FolderLauncher.document(for: index))
        let store = try NavigationStore(launching: launcher, state: "Navigation[TableViewController \"Apps\"]", trace: [
            "root TableViewController \"Apps\"",
            "NavigationController \"Apps\".viewDidLoad",
            "TableViewController \"Apps\".viewDidLoad",
            "NavigationController \"Apps\".viewWillAppear",
            "TableViewController \"Apps\".viewWillAppear",
            "NavigationController \"Apps\".viewDidAppear",
            "TableViewController \"Apps\".viewDidAppear",
        ])
        let driver = store.driver
        #expect(driver.title == "Apps")
        #expect(driver.rowTitles() == ["Harbor", "Lighthouse"])
        try store.step(.tapRow("Lighthouse"), state: "Navigation[TableViewController \"Apps\"] ⇒ fullScreen Navigation[TableViewController \"Keeper's Log\"]", trace: [
            "TableViewController \"Apps\".shouldPerformSegue() → true",
            "segue present TableViewController \"Apps\" → NavigationController \"Keeper's Log\"",
            "TableViewController \"Apps\".prepare()",
            "NavigationController \"Keeper's Log\".viewDidLoad",
            "TableViewController \"Keeper's Log\".viewDidLoad",
            "NavigationController \"Apps\".viewWillDisappear",
            "TableViewController \"Apps\".viewWillDisappear",
            "NavigationController \"Keeper's Log\".viewWillAppear",
            "TableViewController \"Keeper's Log\".viewWillAppear",
            "NavigationController \"Keeper's Log\".viewDidAppear",
            "TableViewController \"Keeper's Log\".viewDidAppear",
            "NavigationController \"Apps\".viewDidDisappear",
            "TableViewController \"Apps\".viewDidDisappear",
        ])
        #expect(driver.title == "Keeper's Log")
        try store.step(.dismiss, state: "Navigation[TableViewController \"Apps\"]", trace: [
            "dismiss TableViewController \"Keeper's Log\" → TableViewController \"Apps\"",
            "NavigationController \"Keeper's Log\".viewWillDisappear",
            "TableViewController \"Keeper's Log\".viewWillDisappear",
            "NavigationController \"Apps\".viewWillAppear",
            "TableViewController \"Apps\".viewWillAppear",
            "NavigationController \"Apps\".viewDidAppear",
            "TableViewController \"Apps\".viewDidAppear",
            "NavigationController \"Keeper's Log\".viewDidDisappear",
            "TableViewController \"Keeper's Log\".viewDidDisappear",
            "NavigationController \"Keeper's Log\" released",
            "TableViewController \"Keeper's Log\" released",
        ])
    }

    @Test func aFolderWithoutAnAppListsItsStoryboards() throws {
        let corpus = AppFixtures.folder.deletingLastPathComponent().appendingPathComponent("Corpus")
        let index = StoryboardIndex(walking: corpus)
        #expect(index.apps.isEmpty)
        let application = Application()
        application.storyboardIndex = index
        let store = try NavigationStore(launching: application.storyboard(document: FolderLauncher.document(for: index)), state: "Navigation[TableViewController \"Storyboards\"]", trace: [
            "root TableViewController \"Storyboards\"",
            "NavigationController \"Storyboards\".viewDidLoad",
            "TableViewController \"Storyboards\".viewDidLoad",
            "NavigationController \"Storyboards\".viewWillAppear",
            "TableViewController \"Storyboards\".viewWillAppear",
            "NavigationController \"Storyboards\".viewDidAppear",
            "TableViewController \"Storyboards\".viewDidAppear",
        ])
        let driver = store.driver
        #expect(driver.title == "Storyboards")
        #expect(driver.rowTitles() == index.storyboards.map(\.name))
        #expect(driver.rowTitles().contains("Settings"))
    }

    // MARK: Saved state

    @Test func savedStateIsKeyedByTheStoryboardsPlace() throws {
        let folder = try TemporaryFolder()
        // Two apps made from one template: same names, same scene ids.
        for app in ["One", "Two"] {
            try folder.write("\(app)/Info.plist", plist(main: "Main"))
            try folder.write("\(app)/Base.lproj/Main.storyboard", storyboard(scene("a", "<navigationItem key=\"navigationItem\" title=\"\(app)\" id=\"n\"/>")))
        }
        let (oneApplication, one) = try AppFixtures.open(folder.url.appendingPathComponent("One"))
        let (twoApplication, two) = try AppFixtures.open(folder.url.appendingPathComponent("Two"))
        defer { withExtendedLifetime([oneApplication, twoApplication]) {} }
        #expect(one.restorationKey == "Base.lproj/Main")
        let oneName = one.stateFileName(folder: oneApplication.storyboardIndex)
        let twoName = two.stateFileName(folder: twoApplication.storyboardIndex)
        #expect(oneName.hasPrefix("Main-") && oneName.hasSuffix(".restoration.json"))
        #expect(oneName != twoName)
        // The same app opened again finds its own file.
        let (againApplication, again) = try AppFixtures.open(folder.url.appendingPathComponent("One"))
        #expect(again.stateFileName(folder: againApplication.storyboardIndex) == oneName)
        // Outside an indexed folder (the bundled storyboards), the name alone.
        #expect(one.stateFileName(folder: nil) == "Main.restoration.json")
    }

    @Test func restorationFindsAReferencedStoryboardByItsPlace() throws {
        let (application, _) = try AppFixtures.open(AppFixtures.harbor)
        let settingsFile = try #require(application.storyboardIndex?.resolve("Settings").file)
        let settings = try application.storyboard(contentsOf: settingsFile.url)
        #expect(settings.restorationKey == "Settings/Base.lproj/Settings")
        let store = try NavigationStore(launching: settings, state: "Navigation[TableViewController \"Settings\"]", trace: [
            "root TableViewController \"Settings\"",
            "NavigationController \"Settings\".viewDidLoad",
            "TableViewController \"Settings\".viewDidLoad",
            "NavigationController \"Settings\".viewWillAppear",
            "TableViewController \"Settings\".viewWillAppear",
            "NavigationController \"Settings\".viewDidAppear",
            "TableViewController \"Settings\".viewDidAppear",
        ])
        try store.step(.tapRow("Notifications"), state: "Navigation[TableViewController \"Settings\" › ViewController \"Notifications\"]", trace: [
            "TableViewController \"Settings\".shouldPerformSegue(ShowNotifications) → true",
            "segue show \"ShowNotifications\" TableViewController \"Settings\" → ViewController \"Notifications\"",
            "TableViewController \"Settings\".prepare(ShowNotifications)",
            "ViewController \"Notifications\".viewDidLoad",
            "TableViewController \"Settings\".viewWillDisappear",
            "ViewController \"Notifications\".viewWillAppear",
            "TableViewController \"Settings\".viewDidDisappear",
            "ViewController \"Notifications\".viewDidAppear",
        ])
        let data = try #require(application.encodeRestorationState())
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"storyboard\":\"Settings\\/Base.lproj\\/Settings\""), "\(json)")
        let (restoredApplication, restoredMain) = try AppFixtures.open(AppFixtures.harbor)
        let restoredSettings = try restoredApplication.storyboard(contentsOf: settingsFile.url)
        try restoredApplication.restoreState(from: data, storyboard: restoredSettings)
        _ = try NavigationStore(driver: FlowDriver(application: restoredApplication), state: "Navigation[TableViewController \"Settings\" › ViewController \"Notifications\"]", trace: [
            "root ViewController \"Notifications\"",
            "NavigationController \"Settings\".viewDidLoad",
            "ViewController \"Notifications\".viewDidLoad",
            "NavigationController \"Settings\".viewWillAppear",
            "ViewController \"Notifications\".viewWillAppear",
            "NavigationController \"Settings\".viewDidAppear",
            "ViewController \"Notifications\".viewDidAppear",
        ])
        // Another storyboard of the app does not take it.
        #expect(throws: RestorationError.foreign(storyboard: "Settings/Base.lproj/Settings", expected: "Base.lproj/Main")) {
            try restoredApplication.restoreState(from: data, storyboard: restoredMain)
        }
    }
}

/// A folder under the temporary directory, removed when the value goes.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apps-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}

/// An app's `Info.plist` naming `main` as its main storyboard.
func plist(main: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>UIMainStoryboardFile</key>
        <string>\(main)</string>
    </dict>
    </plist>
    """
}

// MARK: What the steps leave and record
extension AppFolderTests {
    /// Harbor's launch: the first of its tabs.
    static let harborLaunch = [
        "root TableViewController \"Schedule\"",
        "TabBarController \"Hb1-Tb-001\".viewDidLoad",
        "NavigationController \"Schedule\".viewDidLoad",
        "TableViewController \"Schedule\".viewDidLoad",
        "TabBarController \"Hb1-Tb-001\".viewWillAppear",
        "NavigationController \"Schedule\".viewWillAppear",
        "TableViewController \"Schedule\".viewWillAppear",
        "TabBarController \"Hb1-Tb-001\".viewDidAppear",
        "NavigationController \"Schedule\".viewDidAppear",
        "TableViewController \"Schedule\".viewDidAppear",
    ]

    /// A ferry's row pushes its departure.
    static let toDeparture = [
        "TableViewController \"Schedule\".shouldPerformSegue(ShowDeparture) → true",
        "segue show \"ShowDeparture\" TableViewController \"Schedule\" → ViewController \"Departure\"",
        "TableViewController \"Schedule\".prepare(ShowDeparture)",
        "ViewController \"Departure\".viewDidLoad",
        "TableViewController \"Schedule\".viewWillDisappear",
        "ViewController \"Departure\".viewWillAppear",
        "TableViewController \"Schedule\".viewDidDisappear",
        "ViewController \"Departure\".viewDidAppear",
    ]

    /// Harbor on its first tab.
    static let harbor = "Tabs[*Navigation[TableViewController \"Schedule\"] | Navigation[TableViewController \"Settings\"] | Split[Navigation[TableViewController \"Lines\"] ‖ ViewController \"Stops\" ‖ ViewController \"Route\"]]"
}
