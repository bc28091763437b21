import Foundation
import Testing
@testable import Flow
@testable import TUI
import TestSupport

/// A kind's behaviour lives beside its drawing: every kind of view the loader makes has a
/// presentation that answers for it, and no file but a kind's own switches on it.
@Suite struct KindPlacementTests {
    /// An example of every kind of view a storyboard can hold. The switch makes a new case of
    /// `ViewKind` fail to compile here until it has an example, and so a check.
    static func example(of kind: ViewKind) -> ViewKind {
        switch kind {
        case .view, .stackView, .scrollView, .label, .textField, .textView, .slider, .toggle, .stepper, .button,
            .segmentedControl, .datePicker, .progressView, .imageView, .containerView, .navigationBar, .table, .collection,
            .activityIndicator, .searchBar, .toolbar, .pageControl, .pickerView, .mapView, .webView, .element, .unknown:
            kind
        }
    }

    static let kinds: [ViewKind] = [
        .view, .stackView(axis: .vertical), .scrollView, .label(text: "Name", alignment: .natural, isBold: false),
        .textField(text: "Ada", placeholder: nil, isSecure: false), .textView(text: "Notes"),
        .slider(value: 0.5, minimum: 0, maximum: 1), .toggle(isOn: true), .stepper(value: 1, minimum: 0, maximum: 9, step: 1),
        .button(title: "Go"), .segmentedControl(segments: ["One", "Two"], selectedIndex: 0), .datePicker(DatePickerSpec()),
        .progressView(progress: 0.3), .imageView(imageName: "star"), .containerView, .navigationBar(title: "Bar"),
        .table(TableSpec(id: "t", dataMode: .staticCells)), .collection(CollectionSpec(id: "c")),
        .activityIndicator(isAnimating: true, hidesWhenStopped: false), .searchBar(text: "", placeholder: nil),
        .toolbar(items: []), .pageControl(numberOfPages: 5, currentPage: 1), .pickerView, .mapView, .webView(url: nil),
        .unknown(elementName: "arView"),
    ].map(example(of:))

    /// A screen holding one view of every kind.
    static func everyKindScreen() throws -> (PilotFixture, [View]) {
        let subviews = kinds.enumerated().map { index, kind in ViewSpec(id: "v\(index)", kind: kind) }
        let scene = ControllerSpec(id: "All", kind: .viewController, view: ViewSpec(id: "root", kind: .view, subviews: subviews))
        let fixture = PilotFixture([scene], initial: "All", size: Size(width: 100, height: 60))
        let root = try #require(fixture.application.topViewController)
        return (fixture, root.view.subviews)
    }

    @Test func everyKindTheLoaderMakesHasAPresentationSaveThoseLaidOutThroughTheirSubviews() throws {
        let (fixture, views) = try Self.everyKindScreen()
        try withExtendedLifetime(fixture) {
            #expect(views.count == Self.kinds.count)
            for (view, kind) in zip(views, Self.kinds) {
                switch kind {
                case .view, .scrollView: #expect(view.presentation == nil, "\(kind) is transparent")
                default: #expect(view.presentation != nil, "\(kind) has no presentation")
                }
            }
            _ = try #require(fixture.pilot.shell.lastFrame.topController)
        }
    }

    /// Every kind that reads its own element, loaded from a storyboard holding one of each
    /// as Xcode writes it at its simplest, is made as its own view (not a placeholder) with a
    /// presentation, and loads without a warning.
    @Test func everyKindThatReadsItsOwnElementLoadsAndHasAPresentation() throws {
        let names = ViewElementKinds.all.map { $0.elementName }
        let subviews = names.enumerated().map { index, name in
            "<\(name) id=\"e\(index)\"><rect key=\"frame\" x=\"0\" y=\"\(index * 40)\" width=\"100\" height=\"30\"/></\(name)>"
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
            <scenes><scene sceneID="s"><objects>
            <viewController id="vc" sceneMemberID="viewController"><view key="view" id="root"><subviews>\(subviews.joined())</subviews></view></viewController>
            </objects></scene></scenes></document>
            """
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Kinds.storyboard")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let fixture = PilotFixture(loaded.document.controllers, initial: "vc", size: Size(width: 80, height: 24))
        let root = try #require(fixture.application.topViewController)
        try withExtendedLifetime(fixture) {
            #expect(root.view.subviews.count == names.count)
            for (view, name) in zip(root.view.subviews, names) {
                #expect(!(view is PlaceholderView), "<\(name)> is drawn as a placeholder")
                #expect(view.presentation != nil, "<\(name)> has no presentation")
            }
        }
    }

    /// The colour well, the proof of the recipe for a kind: no file of Sources but its model,
    /// its presentation and its line in the kinds table names it.
    @Test func theColourWellLivesInItsModelItsPresentationAndOneLineOfTheKindsTable() throws {
        var naming: [String: Int] = [:]
        for (path, text) in try Self.scannedSources() {
            let lines = text.split(separator: "\n").filter { $0.contains("ColorWell") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if !lines.isEmpty { naming[path] = lines.count }
        }
        #expect(Set(naming.keys) == [
            "Flow/Views/ColorWell.swift", "TUI/Rendering/Views/ColorWell+Presentation.swift",
            "Flow/Storyboard/Loading/ViewElementKinds.swift",
        ])
        #expect(naming["Flow/Storyboard/Loading/ViewElementKinds.swift"] == 1)
    }

    /// Every item the focus stops on answers for itself: a click on it gives it the focus, a
    /// screen reader hears a role, and copying asks it alone.
    @Test func everyFocusableKindAnswersForItselfToTheMouseTheScreenReaderAndTheCopyKey() throws {
        let (fixture, _) = try Self.everyKindScreen()
        try withExtendedLifetime(fixture) {
            let pilot = fixture.pilot
            let frame = pilot.shell.lastFrame
            #expect(frame.focusables.count >= 10)
            for item in frame.focusables {
                let presentation = try #require(item.presentation)
                let spoken = presentation.spoken(in: frame)
                #expect(!spoken.role.isEmpty, "\(type(of: item)) says no role")
                #expect(presentation.canCopy == (presentation.copiedText != nil), "\(type(of: item)) can copy only what it gives")
            }
            // A click on each control drawn lands on it and gives it the focus.
            let controls = frame.hits.filter { hit in frame.focusables.contains { $0 === hit.target } }
            #expect(!controls.isEmpty)
            for hit in controls where !(hit.target is Button) && !(hit.target is Switch) {
                pilot.click(x: hit.rect.x, y: hit.rect.y)
                #expect(pilot.shell.lastFrame.focused === hit.target, "a click on \(type(of: hit.target)) focuses it")
            }
        }
    }

    // MARK: Asking a kind

    /// The files that may ask which kind a view or controller is, whatever the kind: the
    /// tables that turn a kind into its class, its presentation or its texts.
    static let registries: [String: String] = [
        "Flow/Views/ViewBuilder.swift": "the loader's table from a view element's kind to its class",
        "Flow/Storyboard/ControllerKind+Properties.swift": "the loader's table from a scene's kind to its controller class",
        "Flow/App/Translation/StoryboardDocument+Translation.swift": "the loader's table of the texts each kind's element carries",
        "Flow/Navigation/NavigationState.swift": "the navigation state's node kinds, each printed as traces name it",
        // The common kinds by class first, as a protocol lookup costs as much as drawing a label.
        "TUI/Rendering/Views/ViewPresentation.swift": "the registry of view presentations",
        // Likewise for containers, and the check for a view that brings its own bar.
        "TUI/Rendering/Controllers/ControllerRenderer.swift": "the registry of container presentations",
    ]

    /// The files that still ask kinds outside their own, and which kinds. The list may only
    /// shrink: a pair that stops asking must leave it, and any other pair fails.
    static let allowed: [String: Set<String>] = [
        "Flow/Controllers/SplitViewController+Container.swift": ["NavigationController"],
        "Flow/Controllers/SplitViewController.swift": ["NavigationController"],
        "Flow/Controllers/TabBarController.swift": ["NavigationController"],
        "Flow/Controllers/ViewController+Segues.swift": ["ContainerView"],
        "TUI/Rendering/Views/NavigationBarView+Presentation.swift": ["Button"],
        "TUI/Rendering/Views/TextField+Presentation.swift": ["Button"],
    ]

    /// Every module but the demo apps, which are apps written against the framework: an app's
    /// `prepare(for:sender:)` asks whether its destination is a navigation controller, as a
    /// UIKit app's does.
    static func scannedSources() throws -> [(path: String, text: String)] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [(path: String, text: String)] = []
        let walk = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in walk where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(sources.path.count + 1))
            if path.hasPrefix("Demos/") { continue }
            found.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The (kind, file) pairs where a file outside the kind's own asks for it, registries
    /// left out, each with the lines that ask.
    static func pairsOutsideKinds() throws -> [KindQuestions.Pair: [String]] {
        let questions = try KindQuestions()
        var pairs: [KindQuestions.Pair: [String]] = [:]
        for (path, text) in try scannedSources() where registries[path] == nil {
            let file = String(path.split(separator: "/").last ?? "")
            for question in questions.find(in: text) where !KindQuestions.isOwnFile(file, of: question.kind) {
                pairs[KindQuestions.Pair(kind: question.kind, file: path), default: []].append("\(question.line): \(question.text)")
            }
        }
        return pairs
    }

    @Test func noFileOutsideAKindsOwnAsksForIt() throws {
        let pairs = try Self.pairsOutsideKinds()
        let report = pairs.keys.sorted { ($0.file, $0.kind) < ($1.file, $1.kind) }.map { "\($0.kind)\t\($0.file)" }
        print("kinds asked outside their own files and the registries: \(pairs.count) pairs\n" + report.joined(separator: "\n"))
        let unexplained = pairs.filter { Self.allowed[$0.key.file]?.contains($0.key.kind) != true }
        #expect(unexplained.isEmpty, "ask a kind outside its own files: \(unexplained)")
        let cleared = Self.allowed.flatMap { file, kinds in kinds.map { KindQuestions.Pair(kind: $0, file: file) } }
            .filter { pairs[$0] == nil }
        #expect(cleared.isEmpty, "no longer ask; take them off the list: \(cleared)")
        for file in Self.registries.keys {
            #expect(FileManager.default.fileExists(atPath: Self.sourcesPath + "/" + file), "the registry \(file) moved")
        }
    }

    static var sourcesPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
    }

    /// Each way of asking is found, in any file; a kind's own files and other enums' cases are
    /// not.
    @Test func theGuardFindsEveryWayOfAskingAKind() throws {
        let questions = try KindQuestions()
        let asked = { (source: String) in questions.find(in: source).map(\.kind) }
        #expect(asked("if let label = view as? Label { return label.text }") == ["Label"])
        #expect(asked("let field = view as! TextField") == ["TextField"])
        #expect(asked("guard view is Button else { return }") == ["Button"])
        #expect(asked("case let stack as StackView: stack") == ["StackView"])
        #expect(asked("let table = root.first(TableView.self)") == ["TableView"])
        #expect(asked("return type(of: self) == ImageView.self") == ["ImageView"])
        #expect(asked("var navigation: NavigationController? { nearestAncestor(NavigationController.self) }") == ["NavigationController"])
        #expect(asked("if case .label(let text, _, _) = spec.kind { return text }") == ["Label"])
        #expect(asked("guard case .toggle(let isOn)? = spec?.kind else { return nil }") == ["Switch"])
        #expect(asked("switch view.kind {\ncase .table(let table): cells = table.allCells\ndefault: break\n}") == ["TableView"])
        #expect(asked("switch node.kind {\ncase .navigation: 1\ncase .split: 2\ndefault: 3\n}") == ["NavigationController", "SplitViewController"])
        // Not asking: other enums' cases of the same names, a comment, a kind's own name in text.
        #expect(asked("switch placement {\ncase .label(let width): width\ndefault: 0\n}").isEmpty)
        #expect(asked("if case .inline(.label(let text)) = item.placement { return text }").isEmpty)
        #expect(asked("// a view that is Label-like, as? Label").isEmpty)
        #expect(asked("let label = Label(id: \"a\", text: \"b\")").isEmpty)
        #expect(KindQuestions.isOwnFile("TableView+Filter.swift", of: "TableView"))
        #expect(!KindQuestions.isOwnFile("TableViewCell.swift", of: "TableView"))
    }

    /// A class test planted in a file of no kind is reported, and passes nowhere but the
    /// kind's own files and the registries.
    @Test func aNewClassTestAnywhereElseFails() throws {
        let questions = try KindQuestions()
        let planted = "func caption(of view: View) -> String? {\n    (view as? Label)?.text\n}\n"
        let found = questions.find(in: planted)
        #expect(found.map(\.kind) == ["Label"])
        #expect(found.first?.line == 2)
        let pair = KindQuestions.Pair(kind: "Label", file: "TUI/Shell/KeyMap.swift")
        #expect(Self.allowed[pair.file]?.contains(pair.kind) != true && Self.registries[pair.file] == nil)
        #expect(!KindQuestions.isOwnFile("KeyMap.swift", of: "Label"))
        #expect(KindQuestions.isOwnFile("Label+Presentation.swift", of: "Label"))
    }

    /// The shell, the screen reader, focus, and Flow's navigation, restoration, storyboard
    /// wiring, segue routing and unwind dry run ask the containers (their presentations and
    /// `Container` conformances) and name none of their classes.
    @Test func theShellAndTheNavigationCodeNameNoContainer() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let places = [
            "TUI/Shell", "TUI/Rendering/ScreenReader", "TUI/Rendering/Focus.swift", "Flow/Navigation", "Flow/Restoration",
            "Flow/Storyboard/Storyboard.swift", "Flow/Controllers/ViewController+Segues.swift", "Flow/Analysis/UnwindDryRun.swift",
        ]
        // A split view's column names its columns in restoration's saved form, not a class.
        let pattern = try Regex(
            "\\b(NavigationController|TabBarController|SplitViewController|PageViewController)\\b(?!\\.Column)|\\.(tabBarController|splitViewController)\\b")
        var offenders: [String] = []
        var read = 0
        for place in places {
            let url = sources.appendingPathComponent(place)
            var files: [URL] = [url]
            if url.pathExtension.isEmpty {
                let walk = try #require(FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil))
                files = walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            }
            for file in files {
                read += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    if line.contains(pattern) { offenders.append("\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))") }
                }
            }
        }
        #expect(read >= 20, "read only \(read) files: a place moved")
        #expect(offenders.isEmpty, "name a container class: \(offenders)")
    }
}

/// Every way code asks which kind a view or controller is: `is X`, `as X` (in a pattern),
/// `as? X`, `as! X`, `X.self`, and a `case .x` over a kind's enum (`ViewKind`,
/// `ControllerKind`, a navigation node's kind) where `x` stands for the kind.
struct KindQuestions {
    /// A kind asked for in a file.
    struct Pair: Hashable, CustomStringConvertible {
        let kind: String
        let file: String
        var description: String { "\(kind) in \(file)" }
    }

    /// The view kinds, the containers and the alert, by class name.
    static let kinds = [
        "Label", "Button", "TextField", "TextView", "Slider", "Switch", "Stepper", "SegmentedControl", "DatePicker",
        "ProgressView", "ImageView", "ContainerView", "NavigationBarView", "TableView", "TableViewCell", "CollectionView",
        "ActivityIndicatorView", "SearchBar", "Toolbar", "PageControl", "PickerView", "MapView", "WebView", "PlaceholderView",
        "StackView", "ScrollView", "ColorWell", "NavigationController", "TabBarController", "SplitViewController",
        "PageViewController", "AlertController",
    ]

    /// The cases of the kind enums and the class each stands for.
    static let cases: [String: String] = [
        // ViewKind
        "stackView": "StackView", "scrollView": "ScrollView", "label": "Label", "textField": "TextField",
        "textView": "TextView", "slider": "Slider", "toggle": "Switch", "stepper": "Stepper", "button": "Button",
        "segmentedControl": "SegmentedControl", "datePicker": "DatePicker", "progressView": "ProgressView",
        "imageView": "ImageView", "containerView": "ContainerView", "navigationBar": "NavigationBarView",
        "table": "TableView", "collection": "CollectionView", "activityIndicator": "ActivityIndicatorView",
        "searchBar": "SearchBar", "toolbar": "Toolbar", "pageControl": "PageControl", "pickerView": "PickerView",
        "mapView": "MapView", "webView": "WebView", "unknown": "PlaceholderView",
        // ControllerKind
        "navigationController": "NavigationController", "tabBarController": "TabBarController",
        "splitViewController": "SplitViewController", "pageViewController": "PageViewController",
        // NavigationState.Node.Kind
        "navigation": "NavigationController", "tabs": "TabBarController", "split": "SplitViewController",
        "pages": "PageViewController", "alert": "AlertController",
    ]

    /// A kind's own files: its model and presentation (`Label.swift`, `Label+Presentation.swift`)
    /// and any other `Label+…` file.
    static func isOwnFile(_ file: String, of kind: String) -> Bool {
        file == kind + ".swift" || file.hasPrefix(kind + "+")
    }

    private let classTest: Regex<AnyRegexOutput>
    private let caseTest: Regex<AnyRegexOutput>
    private let kindSubject: Regex<AnyRegexOutput>
    private let switchSubject: Regex<AnyRegexOutput>

    init() throws {
        let names = Self.kinds.joined(separator: "|")
        // Word boundaries as in code, not prose: `spec.kind` is two words.
        func code(_ pattern: String) throws -> Regex<AnyRegexOutput> { try Regex(pattern).wordBoundaryKind(.simple) }
        classTest = try code("\\b(?:is|as[?!]?)\\s+(\(names))\\b|\\b(\(names))\\.self\\b")
        caseTest = try code("\\bcase\\s+(?:let\\s+)?\\.(\(Self.cases.keys.sorted().joined(separator: "|")))\\b")
        // `if case .label(…) = spec.kind`, `guard case .toggle(…)? = spec?.kind else`.
        kindSubject = try code("=\\s*[\\w.?]*\\b[kK]ind\\??\\s*(?:\\{|,|else\\b|$)")
        switchSubject = try code("\\bswitch\\s+([\\w.?]+)")
    }

    /// The kinds `source` asks for, each with its line number and text.
    func find(in source: String) -> [(kind: String, line: Int, text: Substring)] {
        var found: [(kind: String, line: Int, text: Substring)] = []
        var subject: Substring = ""
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.drop { $0 == " " }
            if text.hasPrefix("//") { continue }
            if let match = line.firstMatch(of: switchSubject), let named = match.output[1].substring { subject = named }
            var kinds: [String] = []
            for match in line.matches(of: classTest) {
                if let name = (match.output[1].substring ?? match.output[2].substring).map(String.init), !kinds.contains(name) {
                    kinds.append(name)
                }
            }
            if line.contains("case") {
                // A switch's case asks what the switch asks; `if case` and `guard case` what follows `=`.
                let overKind = text.hasPrefix("case ") ? subject.lowercased().hasSuffix("kind") : line.contains(kindSubject)
                if overKind {
                    for match in line.matches(of: caseTest) {
                        if let name = match.output[1].substring.flatMap({ Self.cases[String($0)] }), !kinds.contains(name) {
                            kinds.append(name)
                        }
                    }
                }
            }
            found += kinds.map { (kind: $0, line: index + 1, text: text) }
        }
        return found
    }
}
