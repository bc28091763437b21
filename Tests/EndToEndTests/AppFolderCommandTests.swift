import Foundation
import Testing
import TestSupport

/// Every command on an app's folder (the fixtures in `Tests/Apps`), and the bundled names as
/// one name each: what a person types, what they read, and the exit statuses.
@Suite struct AppFolderCommandTests {
    let binary: String
    let data: String
    let harbor = AppFixtures.harbor.path

    init() throws {
        binary = try BuiltProduct.url(named: "storyboard").path
        data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-apps-\(UUID().uuidString)").path
    }

    /// `storyboard ARGUMENTS` with a locale of `lang` (C.UTF-8 unless given).
    func run(_ arguments: [String], lang: String = "C.UTF-8") throws -> (status: Int32, output: String) {
        try Tmux.run([binary] + arguments, environment: ["LANG": lang, "PATH": "/usr/bin:/bin", "HOME": data])
    }

    /// Harbor's first screen at 60×12, in the storyboards' own texts.
    static let schedule = [
        "                          Schedule",
        "────────────────────────────────────────────────────────────",
        "    DEPARTURES",
        "    Morning ferry                                      ›",
        "    Evening ferry                                      ›",
        "",
        "    TRAVELLERS",
        "    My account                                         ›",
        "    Tickets are kept on this device.",
        "",
        " 1 Schedule   2 Settings   3 Routes",
        " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
    ]

    /// The Settings storyboard's notifications scene at 60×12.
    static let notifications = [
        "                       Notifications                 Done ^S",
        "────────────────────────────────────────────────────────────",
        "",
        "  Reminders are sent the evening before.",
        "",
        "  [Daily] Weekly",
        "",
        "",
        "",
        "",
        "",
        " ^S  Done   ←→  choose   ?  help   q  quit",
    ]

    // MARK: run and render

    @Test func theAppRunsFromItsFolder() throws {
        let screen = try run(["render", harbor, "--size", "60x12"])
        #expect(screen.status == 0, "\(screen.output)")
        assertScreen(screen.output, equals: Self.schedule)
        // The scene manifest's app too.
        let lighthouse = try run(["render", AppFixtures.lighthouse.path, "--size", "60x12"])
        assertScreen(lighthouse.output, equals: [
            "                        Keeper's Log",
            "────────────────────────────────────────────────────────────",
            "  FILLED BY CODE",
            "  Gallery                                                ›",
            "  Rooms                                                  ›",
            "",
            "",
            "",
            "",
            "",
            "",
            " ↑↓  move   Enter  open   ?  help   q  quit",
        ])
    }

    @Test func aStoryboardInsideTheAppRunsAsPartOfIt() throws {
        let settings = AppFixtures.harbor.appendingPathComponent("Settings/Base.lproj/Settings.storyboard").path
        // Timetable is a reference into Main, two folders away.
        let screen = try run(["render", settings, "--size", "60x12", "--keys", "<Down><Enter>", "--locale", "de"])
        #expect(screen.status == 0, "\(screen.output)")
        assertScreen(screen.output, equals: [
            "‹ Einstellungen           Fahrplan",
            "────────────────────────────────────────────────────────────",
            "    ABFAHRTEN",
            "    Morgenfähre                                        ›",
            "    Abendfähre                                         ›",
            "",
            "    REISENDE",
            "    Mein Konto                                         ›",
            "    Fahrkarten werden auf diesem Gerät gespeichert.",
            "",
            "",
            " Esc  ‹ Einstellungen   ↑↓  move   Enter  open   ?  help",
        ])
    }

    @Test func aMissingStoryboardIsAStandInScreen() throws {
        let screen = try run(["render", harbor, "--size", "70x14", "--keys", "<Down><Down><Enter>"])
        #expect(screen.status == 0, "\(screen.output)")
        // The folder it looked in is where this checkout is: the screen is read by its messages.
        #expect(screen.output.contains("Account.storyboard is not in this folder"), "\(screen.output)")
        #expect(screen.output.contains("Main.storyboard refers to it at line 144"), "\(screen.output)")
        #expect(screen.output.contains("Esc goes back."), "\(screen.output)")
        let back = try run(["render", harbor, "--size", "70x14", "--keys", "<Down><Down><Enter><Esc>"])
        assertScreen(back.output, equals: [
            "                               Schedule",
            "──────────────────────────────────────────────────────────────────────",
            "    DEPARTURES",
            "    Morning ferry                                                ›",
            "    Evening ferry                                                ›",
            "",
            "    TRAVELLERS",
            "    My account                                                   ›",
            "    Tickets are kept on this device.",
            "",
            "",
            "",
            " 1 Schedule   2 Settings   3 Routes",
            " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
        ])
    }

    @Test func localeShowsTheTranslationWithRegionFallback() throws {
        let german = try run(["render", harbor, "--size", "60x12", "--locale", "de"])
        assertScreen(german.output, equals: [
            "                          Fahrplan",
            "────────────────────────────────────────────────────────────",
            "    ABFAHRTEN",
            "    Morgenfähre                                        ›",
            "    Abendfähre                                         ›",
            "",
            "    REISENDE",
            "    Mein Konto                                         ›",
            "    Fahrkarten werden auf diesem Gerät gespeichert.",
            "",
            " 1 Fahrplan   2 Einstellungen   3 Linien",
            " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
        ])
        // From the environment, as iOS follows the device: pt_BR falls back to pt.
        let portuguese = try run(["render", harbor, "--size", "60x12"], lang: "pt_BR.UTF-8")
        assertScreen(portuguese.output, equals: [
            "                          Horários",
            "────────────────────────────────────────────────────────────",
            "    PARTIDAS",
            "    Balsa da manhã                                     ›",
            "    Balsa da noite                                     ›",
            "",
            "    TRAVELLERS",
            "    My account                                         ›",
            "    Tickets are kept on this device.",
            "",
            " 1 Horários   2 Settings   3 Routes",
            " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
        ])
        // --locale wins over the environment; base shows the storyboard's own texts.
        let base = try run(["render", harbor, "--size", "60x12", "--locale", "base"], lang: "de_DE.UTF-8")
        assertScreen(base.output, equals: Self.schedule)
        // A language the app lacks: said, with the language shown instead.
        let missing = try run(["render", harbor, "--size", "60x12", "--locale", "zz"])
        #expect(missing.status == 0, "\(missing.output)")
        assertScreen(missing.output, equals: [
            "storyboard: no zz translation in this folder (it has ar, de, fr, pt): showing the storyboards' own texts, untranslated (Base)",
        ] + Self.schedule)
        let bad = try run(["render", harbor, "--locale", "../de"])
        #expect(bad.status == 2)
        #expect(bad.output.contains("--locale takes a language"), "\(bad.output)")
    }

    @Test func longerLanguagesAreCutLikeEnglishAndRightToLeftIsIntact() throws {
        let german = try run(["render", harbor, "--size", "40x12", "--locale", "de", "--keys", "<Enter>"])
        assertScreen(german.output, equals: [
            "‹ Fahrplan      Abfahrt",
            "────────────────────────────────────────",
            "",
            "  Das Einsteigen endet zehn Minuten…",
            "",
            "  [ Buy ticket ]",
            "",
            "",
            "",
            "",
            " 1 Fahrplan   2 Einstell…   3 Linien",
            " Esc  ‹ Fahrplan   Enter  press",
        ])
        let lines = german.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(try lines.allSatisfy { try TerminalColumns.width(of: $0) <= 40 }, "\(german.output)")
        let arabic = try run(["render", harbor, "--size", "60x12", "--locale", "ar"])
        assertScreen(arabic.output, equals: [
            "                           الجدول",
            "────────────────────────────────────────────────────────────",
            "    المغادرة",
            "    عبّارة الصباح                                       ›",
            "    عبّارة المساء                                       ›",
            "",
            "    TRAVELLERS",
            "    My account                                         ›",
            "    Tickets are kept on this device.",
            "",
            " 1 Schedule   2 Settings   3 Routes",
            " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
        ])
    }

    @Test func sceneTakesAnotherStoryboardsIdentifier() throws {
        let screen = try run(["render", harbor, "--size", "60x12", "--scene", "Settings:Notifications"])
        #expect(screen.status == 0, "\(screen.output)")
        assertScreen(screen.output, equals: Self.notifications)
        let byID = try run(["render", harbor, "--size", "60x12", "--scene", "Hb1-Dp-001"])
        assertScreen(byID.output, equals: [
            "                         Departure",
            "────────────────────────────────────────────────────────────",
            "",
            "  Boarding closes ten minutes before departure.",
            "",
            "  [ Buy ticket ]",
            "",
            "",
            "",
            "",
            "",
            " Enter  press   ?  help   q  quit",
        ])
        let missing = try run(["render", harbor, "--scene", "Nowhere"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("no scene has the storyboard identifier, id, class or title \"Nowhere\" (scenes: "), "\(missing.output)")
        // The hint names the scenes of every storyboard of the app.
        #expect(missing.output.contains("Departure") && missing.output.contains("Settings:Notifications"), "\(missing.output)")
        // Xcode's scene id names a scene too, and so does `unwind --from`.
        let bySceneID = try run(["render", harbor, "--size", "60x12", "--scene", "St1-Sn-003"])
        assertScreen(bySceneID.output, equals: Self.notifications)
        let unwind = try run(["unwind", harbor, "--from", "Nowhere", "--action", "unwindToSchedule:"])
        #expect(unwind.status == 2)
        #expect(unwind.output.contains("Settings:Notifications"), "\(unwind.output)")
    }

    @Test func aFolderOfSeveralAppsOrNoneOpensALauncher() throws {
        let apps = try run(["render", AppFixtures.folder.path, "--size", "60x14"])
        assertScreen(apps.output, equals: [
            "                            Apps",
            "────────────────────────────────────────────────────────────",
            "  APPS IN APPS",
            "  Harbor                                                 ›",
            "    Harbor/Info.plist",
            "  Lighthouse                                             ›",
            "    Lighthouse/Info.plist",
            "  Enter opens one; Esc on its first screen comes back",
            "  here.",
            "",
            "",
            "",
            "",
            " ↑↓  move   Enter  open   ?  help   q  quit",
        ])
        let opened = try run(["render", AppFixtures.folder.path, "--size", "60x14", "--keys", "<Enter>"])
        assertScreen(opened.output, equals: [
            "                          Schedule",
            "────────────────────────────────────────────────────────────",
            "    DEPARTURES",
            "    Morning ferry                                      ›",
            "    Evening ferry                                      ›",
            "",
            "    TRAVELLERS",
            "    My account                                         ›",
            "    Tickets are kept on this device.",
            "",
            "",
            "",
            " 1 Schedule   2 Settings   3 Routes",
            " Esc  close   ↑↓  move   Enter  open   1-3  tab   ?  help",
        ])
        let corpus = AppFixtures.folder.deletingLastPathComponent().appendingPathComponent("Corpus").path
        let storyboards = try run(["render", corpus, "--size", "60x20"])
        #expect(storyboards.output.contains("Storyboards") && storyboards.output.contains("LoginFlow"), "\(storyboards.output)")
    }

    // MARK: check, graph, unwind, monkey

    @Test func checkReportsEachMissingPieceAndASummaryPerFile() throws {
        let result = try run(["check", harbor])
        #expect(result.status == 0, "\(result.output)")
        let output = result.output
        #expect(output.contains("Base.lproj/Main.storyboard:78:45: warning: segue identifier \"ShowDeparture\" is used twice in this scene (first at 63:45)"), "\(output)")
        #expect(output.contains("Base.lproj/Main.storyboard:144:17: warning: storyboard reference \"Hb1-Rf-002\" names \"Account\", but Account.storyboard is not in this folder"), "\(output)")
        #expect(output.contains("Harbor/Base.lproj/Main.storyboard: 4 scenes, 7 segues, 3 references: no errors, 2 warnings"), "\(output)")
        #expect(output.contains("Harbor/Features/Routes/Routes.storyboard: 5 scenes, 5 segues, no references: no errors, no warnings"), "\(output)")
        #expect(output.contains("Harbor/Settings/Base.lproj/Settings.storyboard: 3 scenes, 4 segues, 1 reference: no errors, no warnings"), "\(output)")
        #expect(output.hasSuffix("Harbor: 3 storyboards, 1 app (Harbor)\nchecked 3 files: 12 scenes, 16 segues; 2 warnings\n"), "\(output)")
        let strict = try run(["check", "--strict", harbor])
        #expect(strict.status == 1)
        #expect(strict.output.contains("144:17: error: storyboard reference"), "\(strict.output)")
    }

    @Test func checkLocaleAllReportsWhatIsUntranslated() throws {
        let result = try run(["check", harbor, "--locale", "all"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("de.lproj/Main.strings:45:1: warning: key \"Qx9-Zz-001.text\" names no object of Main.storyboard"), "\(result.output)")
        #expect(result.output.contains("Main.storyboard: de: 1 of 15 texts untranslated, 1 key naming no object"), "\(result.output)")
        #expect(result.output.contains("Main.storyboard: fr: all 15 texts translated"), "\(result.output)")
        #expect(result.output.contains("Settings.storyboard: fr: 5 of 10 texts untranslated"), "\(result.output)")
        #expect(result.output.contains("Routes.storyboard: de: 5 of 8 texts untranslated"), "\(result.output)")
        let one = try run(["check", harbor, "--locale", "pt_BR"])
        #expect(one.output.contains("Main.storyboard: pt: 9 of 15 texts untranslated"), "\(one.output)")
        #expect(one.output.contains("Settings.storyboard: pt-BR: no translation (10 texts)"), "\(one.output)")
        #expect(!one.output.contains(": de: "), "\(one.output)")
    }

    @Test func aBrokenTranslationIsAnErrorWithItsLine() throws {
        let folder = URL(fileURLWithPath: data).appendingPathComponent("Broken")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: AppFixtures.harbor.appendingPathComponent("Base.lproj"), to: folder.appendingPathComponent("Base.lproj"))
        try "\"Hb1-Ni-001.title\" = \"Fahrplan\"\n\"x\" = \"y\";\n".write(to: folder.appendingPathComponent("de.lproj/Main.strings"), atomically: true, encoding: .utf8)
        let check = try run(["check", folder.path, "--locale", "de"])
        #expect(check.status == 1, "\(check.output)")
        #expect(check.output.contains("de.lproj/Main.strings:2:1: error: expected \";\" after the entry for \"Hb1-Ni-001.title\""), "\(check.output)")
        // At run time the storyboard's own texts stand in, and nothing stops.
        let screen = try run(["render", folder.appendingPathComponent("Base.lproj/Main.storyboard").path, "--size", "60x12", "--locale", "de"])
        #expect(screen.status == 0)
        #expect(screen.output.contains("Morning ferry"), "\(screen.output)")
    }

    @Test func graphDrawsTheWholeApp() throws {
        let result = try run(["graph", harbor])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("digraph \"Harbor\" {"), "\(result.output)")
        #expect(result.output.components(separatedBy: "subgraph cluster_").count - 1 == 3)
        #expect(result.output.contains("label=\"reference\""))
        let mermaid = try run(["graph", harbor, "--format", "mermaid"])
        #expect(mermaid.output.contains("subgraph c1[\"Features/Routes/Routes.storyboard\"]"), "\(mermaid.output)")
    }

    @Test func unwindFollowsReferencesAcrossStoryboards() throws {
        let result = try run(["unwind", harbor, "--from", "Settings:Notifications", "--action", "unwindToSchedule"])
        #expect(result.output.contains("--viewControllers--> Settings: NavigationController \"Settings\""), "\(result.output)")
        #expect(result.output.contains("Unwinding unwindToSchedule: from ViewController \"Notifications\""), "\(result.output)")
    }

    @Test func theMonkeyRunsTheAppsClean() throws {
        let result = try run(["monkey", harbor, AppFixtures.lighthouse.path, "--events", "1500", "--seed", "22", "--data-dir", data, "--locale", "de"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Harbor: ok, 1500 events"), "\(result.output)")
        #expect(result.output.contains("Lighthouse: ok, 1500 events"), "\(result.output)")
    }

    @Test func helpSaysFoldersAreTargets() throws {
        for command in ["run", "render", "check", "graph", "unwind", "monkey"] {
            let help = try run([command, "--help"])
            #expect(help.output.contains("folder"), "\(command): \(help.output)")
        }
    }

    // MARK: Bundled names

    @Test func theTourHasOneNameMatchedLoosely() throws {
        for name in ["seguetour", "Segue Tour", "segue-tour", "SegueTour.storyboard"] {
            let screen = try run(["render", name, "--size", "60x10", "--data-dir", data])
            #expect(screen.status == 0, "\(name): \(screen.output)")
            #expect(screen.output.split(separator: "\n").first?.contains("Segue Tour") == true, "\(name): \(screen.output)")
        }
        let old = try run(["render", "inventory", "--data-dir", data])
        #expect(old.status == 2)
        #expect(old.output.contains("(bundled: colorboard, dailybuzz, launcher, seguetour)"), "\(old.output)")
    }

    @Test func bundledStoryboardsAreNamedByTheirNamesNotTheirPaths() throws {
        let graph = try run(["graph", "dailybuzz"])
        #expect(graph.output.hasPrefix("digraph \"DailyBuzz.storyboard\" {"), "\(graph.output.prefix(80))")
        let scene = try run(["render", "dailybuzz", "--scene", "Nope", "--data-dir", data])
        #expect(scene.status == 2)
        #expect(scene.output.hasPrefix("storyboard: DailyBuzz.storyboard: no scene has the storyboard identifier, id, class or title \"Nope\""), "\(scene.output)")
        #expect(!scene.output.contains("/"), "\(scene.output)")
    }
}
