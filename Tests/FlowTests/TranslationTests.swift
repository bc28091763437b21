import Foundation
import Testing
import TestSupport

@testable import Flow

/// Translations: the user's language with its fallbacks, `.strings` files in UTF-8 and UTF-16,
/// string catalogs, and what a broken file does (its storyboard's own texts stand in).
@Suite struct TranslationTests {
    // MARK: The language

    @Test func localesFallBackFromRegionToLanguageToBase() {
        #expect(LanguagePreference("pt_BR.UTF-8")?.chain == ["pt-BR", "pt"])
        #expect(LanguagePreference("pt-br")?.chain == ["pt-BR", "pt"])
        #expect(LanguagePreference("de_DE.UTF-8@euro")?.chain == ["de-DE", "de"])
        #expect(LanguagePreference("zh_Hant_TW")?.chain == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(LanguagePreference("es-419")?.chain == ["es-419", "es"])
        for base in ["C", "POSIX", "C.UTF-8", "base", "Base", ""] {
            #expect(LanguagePreference(base) == .base, "\(base)")
        }
        for nonsense in ["1", "../de", "de/x", "x", ".UTF-8"] {
            #expect(LanguagePreference(nonsense) == nil, "\(nonsense)")
        }
    }

    @Test func theEnvironmentDecidesAsPOSIXSays() {
        #expect(LanguagePreference(environment: ["LANG": "fr_FR.UTF-8"]).chain == ["fr-FR", "fr"])
        #expect(LanguagePreference(environment: ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_AT.UTF-8"]).chain == ["de-AT", "de"])
        #expect(LanguagePreference(environment: ["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "de", "LANG": "fr"]).chain == ["ja-JP", "ja"])
        // Set but empty counts as unset; C means the storyboard's own texts.
        #expect(LanguagePreference(environment: ["LC_ALL": "", "LANG": "de"]).chain == ["de"])
        #expect(LanguagePreference(environment: ["LANG": "C.UTF-8"]) == .base)
        #expect(LanguagePreference(environment: [:]) == .base)
    }

    @Test func aLanguageIsChosenAmongTheFoldersOffered() {
        let offered = ["de", "pt", "zh-Hant", "en_GB", "English"]
        #expect(LanguagePreference("pt_BR")?.choose(from: offered) == "pt")
        #expect(LanguagePreference("zh-Hant-TW")?.choose(from: offered) == "zh-Hant")
        #expect(LanguagePreference("en-GB")?.choose(from: offered) == "en_GB")
        #expect(LanguagePreference("en-US")?.choose(from: offered) == "English")
        #expect(LanguagePreference("fr")?.choose(from: offered) == nil)
        #expect(LanguagePreference.base.choose(from: offered) == nil)
    }

    // MARK: The app in other languages

    @Test func germanIsShownWithLocaleDe() throws {
        let driver = try AppFixtures.launch(AppFixtures.harbor, languages: try #require(LanguagePreference("de")))
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        #expect(driver.title == "Fahrplan")
        #expect(driver.rowTitles() == ["Morgenfähre", "Abendfähre", "Mein Konto"])
        #expect((0..<3).map(tabs.title(ofTab:)) == ["Fahrplan", "Einstellungen", "Linien"])
        let table = try #require(driver.table)
        #expect(table.tableSpec.sections.map(\.headerTitle) == ["Abfahrten", "Reisende"])
        try driver.tapRow("Abendfähre")
        #expect(driver.title == "Abfahrt")
        // Untranslated in German: the storyboard's own text stands in.
        #expect(driver.top.view.allViews.compactMap { ($0 as? Button)?.title } == ["Buy ticket"])
        // Settings' German sits beside its own Base.lproj; Routes' comes from its catalog.
        tabs.select(1)
        #expect(driver.title == "Einstellungen")
        try driver.tapRow("Mitteilungen")
        #expect(driver.top.view.allViews.compactMap { ($0 as? SegmentedControl)?.segments }.first == ["Täglich", "Wöchentlich"])
        tabs.select(2)
        // The catalog leaves the controller's title "new" (untranslated), but the item is done.
        #expect(driver.title == "Linien")
        #expect(driver.rowTitles() == ["Nordlinie"])
    }

    @Test func aRegionFallsBackToItsLanguage() throws {
        let driver = try AppFixtures.launch(AppFixtures.harbor, languages: try #require(LanguagePreference("pt_BR.UTF-8")))
        #expect(driver.title == "Horários")
        // pt translates only some texts; the others stay as the storyboard has them.
        #expect(driver.rowTitles() == ["Balsa da manhã", "Balsa da noite", "My account"])
    }

    @Test func utf16TranslationsWithEscapesAreRead() throws {
        let driver = try AppFixtures.launch(AppFixtures.harbor, languages: try #require(LanguagePreference("fr")))
        #expect(driver.title == "Horaires")
        try driver.tapRow("Bac du soir")
        let texts = driver.top.view.allViews.compactMap { ($0 as? Label)?.text }
        #expect(texts == ["L\u{2019}embarquement ferme dix minutes avant le départ."])
        #expect(driver.top.view.allViews.compactMap { ($0 as? Button)?.title } == ["Acheter un billet"])
        // Settings' French lives in Resources/Translations, away from the storyboard.
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        tabs.select(1)
        #expect(driver.title == "Réglages")
    }

    @Test func rightToLeftTextIsKeptAsWritten() throws {
        let driver = try AppFixtures.launch(AppFixtures.harbor, languages: try #require(LanguagePreference("ar")))
        #expect(driver.title == "الجدول")
        #expect(driver.rowTitles().prefix(2) == ["عبّارة الصباح", "عبّارة المساء"])
    }

    @Test func baseShowsTheStoryboardsOwnTexts() throws {
        let driver = try AppFixtures.launch(AppFixtures.harbor, languages: .base)
        #expect(driver.title == "Schedule")
        #expect(driver.application.warnings.isEmpty)
    }

    @Test func aBrokenStringsFileIsADiagnosticAndTheOwnTextsStandIn() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Info.plist", plist(main: "Main"))
        try folder.write(
            "App/Base.lproj/Main.storyboard",
            storyboard(scene("a", "<navigationItem key=\"navigationItem\" title=\"Harbour\" id=\"n\"/>")))
        try folder.write("App/de.lproj/Main.strings", "\"n.title\" = \"Hafen\";\n\"x.text\" = \"unclosed;\n")
        let (application, main) = try AppFixtures.open(folder.url.appendingPathComponent("App"), languages: try #require(LanguagePreference("de")))
        #expect(main.document.controller(id: "a")?.navigationItem?.title == "Harbour")
        let warning = try #require(application.warnings.first)
        #expect(application.warnings.count == 1)
        #expect(warning.hasSuffix("App/de.lproj/Main.strings:2:12: error: a string is never closed"), "\(warning)")
    }

    // MARK: The .strings format

    private func read(_ text: String) -> StringsFileReader.Outcome {
        StringsFileReader.read(Array(text.utf8), file: "de.lproj/Main.strings", language: "de")
    }

    @Test func stringsFilesReadEveryFormXcodeAndPeopleWrite() throws {
        let text = """
            /* Class = "UILabel"; text = "Hello"; ObjectID = "abc-12-def"; */
            "abc-12-def.text" = "Hallo \\"Welt\\"\\n\\tzwei\\\\";
            // a line comment
            "q-1.title"="Grüße \\U00e9\\U2019 \\101";   unquoted_key = unquoted.value-1;
            "seg-1.segmentTitles[0]" = 'Täglich';
            "self";
            """
        guard case .table(let table, let warnings) = read(text) else {
            Issue.record("not read: \(read(text))")
            return
        }
        #expect(warnings.isEmpty)
        #expect(table.texts["abc-12-def.text"] == "Hallo \"Welt\"\n\tzwei\\")
        #expect(table.texts["q-1.title"] == "Grüße é\u{2019} A")
        #expect(table.texts["unquoted_key"] == "unquoted.value-1")
        #expect(table.texts["seg-1.segmentTitles[0]"] == "Täglich")
        #expect(table.texts["self"] == "self")
        #expect(table.locations["q-1.title"] == SourceLocation(line: 4, column: 1))
    }

    @Test func utf16InBothByteOrdersAndUTF8WithAMark() throws {
        let text = "\"a.text\" = \"Fähre ⛴\";"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        for bytes in [little, big, marked] {
            guard case .table(let table, _) = StringsFileReader.read(bytes, file: "x.strings", language: "de") else {
                Issue.record("not read")
                continue
            }
            #expect(table.texts["a.text"] == "Fähre ⛴")
        }
    }

    @Test func problemsSayWhereTheyAre() {
        let cases: [(String, String, Int, Int)] = [
            ("\"a\" = \"b\"\n\"c\" = \"d\";", "expected \";\" after the entry for \"a\"", 2, 1),
            ("\"a\" = \"b\";\n\"c\" = ;", "expected a value, found \";\"", 2, 7),
            ("\"a\" = \"b\";\n/* open", "a comment is never closed", 2, 1),
            ("\"a\" = \"b", "a string is never closed", 1, 7),
            ("\"a\" = \"b\\U\";", "\\U must be followed by hexadecimal digits", 1, 11),
            ("\"a\" = \"b\"", "the file ends after \"a\" without \";\"", 1, 10),
        ]
        for (text, message, line, column) in cases {
            guard case .failure(let diagnostic) = read(text) else {
                Issue.record("read: \(text)")
                continue
            }
            #expect(diagnostic.message == message, "\(text)")
            #expect(diagnostic.location == SourceLocation(line: line, column: column), "\(text)")
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.file == "de.lproj/Main.strings")
        }
        guard case .failure(let bytes) = StringsFileReader.read([0x22, 0x61, 0xE9, 0x22], file: "x.strings", language: "de") else {
            Issue.record("invalid UTF-8 was read")
            return
        }
        #expect(bytes.message == "the file is neither UTF-8 nor UTF-16 with a byte-order mark")
    }

    @Test func aKeyGivenTwiceIsAWarningAndTheLaterWins() throws {
        guard case .table(let table, let warnings) = read("\"a\" = \"one\";\n\"a\" = \"two\";") else {
            Issue.record("not read")
            return
        }
        #expect(table.texts["a"] == "two")
        #expect(warnings.map(\.message) == ["key \"a\" is given twice (first at 1:1); the later value is used"])
        #expect(warnings.first?.location == SourceLocation(line: 2, column: 1))
    }

    @Test func noInputCrashesTheReaders() {
        var random = SeededRandomGenerator(seed: 22)
        let pieces = ["\"", "=", ";", "/*", "*/", "//", "\\", "\\U", "\\U12", "a", "é", "\n", " ", "'", "\u{0}", "{", "}", "[", ":"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0..<24, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            _ = StringsFileReader.read(Array(text.utf8), file: "x", language: "de")
            _ = StringCatalogReader.read(Array(text.utf8), file: "x")
            _ = try? PropertyList.read(Array(text.utf8))
        }
    }

    // MARK: String catalogs

    @Test func aCatalogGivesATablePerLanguage() throws {
        let url = AppFixtures.harbor.appendingPathComponent("Features/Routes/Routes.xcstrings")
        guard case .tables(let tables, let source) = StringCatalogReader.read(Array(try Data(contentsOf: url)), file: "Routes.xcstrings") else {
            Issue.record("not read")
            return
        }
        #expect(source == "en")
        let german = try #require(tables.first { $0.language == "de" })
        #expect(german.texts["Rt1-Lb-001.text"] == "Nordlinie")
        #expect(german.texts["Rt1-Lb-002.text"] == "Wählen Sie eine Haltestelle der Linie.")
        // `new` is not translated yet.
        #expect(german.texts["Rt1-Pr-001.title"] == nil)
        #expect(german.locations["Rt1-Lb-001.text"]?.line == 12)
    }

    @Test func aBrokenCatalogSaysWhere() {
        guard case .failure(let diagnostic) = StringCatalogReader.read(Array("{\n  \"strings\" : {\n    \"a\" : [ 1 2 ]\n}".utf8), file: "M.xcstrings") else {
            Issue.record("read")
            return
        }
        #expect(diagnostic.message == "not a string catalog: expected \",\" or \"]\" in an array")
        #expect(diagnostic.location == SourceLocation(line: 3, column: 15))
    }

    // MARK: check --locale

    @Test func checkCountsWhatEachLanguageLeavesUntranslated() throws {
        let index = StoryboardIndex(walking: AppFixtures.harbor)
        let translations = Translations(index: index)
        let main = try #require(index.resolve("Main").file)
        #expect(translations.languages(of: main) == ["ar", "de", "fr", "pt"])
        let data = try Data(contentsOf: main.url)
        let document = try StoryboardLoader.load(contentsOf: main.url).document
        let ids = StoryboardLoader.objectIDs(in: data)
        #expect(ids.contains("Hb1-Bt-001"))
        #expect(ids.contains("Hb1-Nb-001"))

        let german = TranslationCheck(document: document, objectIDs: ids, table: try #require(translations.table(for: main, language: "de")))
        #expect(german.total == 15)
        #expect(german.untranslated.map(\.text) == ["Buy ticket"])
        #expect(german.untranslated.first?.keys == ["Hb1-Bt-001.configuration.title", "Hb1-Bt-001.normalTitle"])
        #expect(german.staleKeys.map(\.message) == ["key \"Qx9-Zz-001.text\" names no object of Main.storyboard (was it deleted or recreated?)"])
        #expect(german.staleKeys.first?.file.hasSuffix("Harbor/de.lproj/Main.strings") == true)
        #expect(german.staleKeys.first?.location == SourceLocation(line: 45, column: 1))
        #expect(german.summary == "de: 1 of 15 texts untranslated, 1 key naming no object")

        let french = TranslationCheck(document: document, objectIDs: ids, table: try #require(translations.table(for: main, language: "fr")))
        #expect(french.summary == "fr: all 15 texts translated")
        #expect(translations.takeDiagnostics().isEmpty)
    }

    @Test func textsOfEveryKindHaveTheKeysXcodeWrites() throws {
        let settings = try StoryboardLoader.load(contentsOf: AppFixtures.harbor.appendingPathComponent("Settings/Base.lproj/Settings.storyboard")).document
        let keys = settings.translatableTexts.flatMap(\.keys)
        for key in [
            "St1-Tv-001.title", "St1-Ni-001.title", "St1-Se-001.headerTitle", "St1-Lb-001.text",
            "St1-Sc-001.segmentTitles[0]", "St1-Sc-001.segmentTitles[1]", "St1-Lb-003.text",
        ] {
            #expect(keys.contains(key), "\(key)")
        }
        // Each label is listed once, though a styled cell also keeps its text.
        #expect(keys.filter { $0 == "St1-Lb-001.text" }.count == 1)
    }
}
