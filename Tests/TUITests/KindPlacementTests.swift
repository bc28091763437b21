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
            .activityIndicator, .searchBar, .toolbar, .pageControl, .pickerView, .mapView, .webView, .unknown:
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

    // MARK: Switches over kinds

    /// The view and container kinds, by class name.
    static let kindNames = [
        "Label", "Button", "TextField", "TextView", "Slider", "Switch", "Stepper", "SegmentedControl", "DatePicker",
        "ProgressView", "ImageView", "ContainerView", "NavigationBarView", "TableView", "TableViewCell", "CollectionView",
        "ActivityIndicatorView", "SearchBar", "Toolbar", "PageControl", "PickerView", "MapView", "WebView", "PlaceholderView",
        "StackView", "ScrollView", "NavigationController", "TabBarController", "SplitViewController", "PageViewController",
        "AlertController",
    ]

    /// The files that still switch on kinds outside their own, and why. The list may only
    /// shrink: a file that stops switching must leave it, and any other file fails.
    static let allowed: [String: String] = [
        // The one table that finds a view's presentation: the common kinds by class first, as
        // a protocol lookup costs as much as drawing a label.
        "TUI/Rendering/Views/ViewPresentation.swift": "the registry of view presentations",
        // Likewise for containers, and the check for a view that brings its own bar.
        "TUI/Rendering/Controllers/ControllerRenderer.swift": "the registry of container presentations",
    ]

    @Test func noFileOutsideAKindsOwnSwitchesOnIt() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let names = Self.kindNames.joined(separator: "|")
        let pattern = try Regex("type\\(of: [^)]*\\) [=!]= (\(names))\\.self|case (let \\w+ )?(as|is) (\(names))\\b")
        var offenders: [String: [String]] = [:]
        for module in ["Flow", "TUI"] {
            let root = sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in files where url.pathExtension == "swift" {
                let file = url.lastPathComponent
                let text = try String(contentsOf: url, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    for match in line.matches(of: pattern) {
                        let kind = Self.kindNames.first { name in match.output[0].substring?.hasSuffix(name) == true
                            || match.output[0].substring?.contains(name + ".self") == true } ?? ""
                        // A kind's own files: `TableView.swift`, `TableView+Filter.swift`.
                        if file == kind + ".swift" || file.hasPrefix(kind + "+") { continue }
                        offenders["\(module)/" + url.path.components(separatedBy: "/Sources/\(module)/").last!, default: []]
                            .append(String(line).trimmingCharacters(in: .whitespaces))
                    }
                }
            }
        }
        let unexplained = offenders.filter { Self.allowed[$0.key] == nil }
        #expect(unexplained.isEmpty, "files that switch on kinds outside their own: \(unexplained)")
        let cleared = Self.allowed.keys.filter { offenders[$0] == nil }
        #expect(cleared.isEmpty, "no longer switch on kinds; take them off the list: \(cleared)")
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
