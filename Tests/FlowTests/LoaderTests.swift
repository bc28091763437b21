import Foundation
import Testing

@testable import Flow

@Suite("Loading storyboards")
struct LoaderTests {
    private func modern() throws -> StoryboardDocument {
        try #require(loadStoryboard(StoryboardFixtures.modern).document)
    }

    private func legacy() throws -> StoryboardDocument {
        try #require(loadStoryboard(StoryboardFixtures.legacy).document)
    }

    @Test func modernFileLoadsWithoutWarnings() throws {
        let outcome = loadStoryboard(StoryboardFixtures.modern)
        #expect(outcome.errors.isEmpty, "\(outcome.diagnostics)")
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
        let document = try #require(outcome.document)
        #expect(document.fileName == "Test.storyboard")
        #expect(document.formatVersion == "3.0")
        #expect(document.initialControllerID == "nav-1")
        #expect(document.controllers.map(\.id) == ["nav-1", "list-1", "detail-1", "child-1", "edit-nav", "edit-1"])
        #expect(
            document.controllers.map(\.kind) == [
                .navigationController, .tableViewController, .viewController, .viewController,
                .navigationController, .viewController,
            ])
    }

    @Test func controllerAttributes() throws {
        let document = try modern()
        let list = try #require(document.controller(id: "list-1"))
        #expect(list.customClass == "ListViewController")
        #expect(list.title == "List")
        #expect(list.displayTitle == "Items")
        #expect(list.location == position(of: "<tableViewController title=\"List\"", in: StoryboardFixtures.modern))
        let detail = try #require(document.controller(storyboardIdentifier: "Detail"))
        #expect(detail.id == "detail-1")
        #expect(
            detail.outlets == [
                OutletSpec(property: "password", destinationID: "password"),
                OutletSpec(property: "controls", destinationID: "slider", isCollection: true),
            ])
        let edit = try #require(document.controller(id: "edit-1"))
        #expect(edit.exitID == "exit-edit")
        #expect(edit.tabBarItem?.title == "Edit")
        #expect(edit.tabBarItem?.systemItem == "more")
        #expect(edit.tabBarItem?.id == "edit-tab")
    }

    @Test func relationshipSegueOfNavigationController() throws {
        let navigation = try #require(try modern().controller(id: "nav-1"))
        #expect(navigation.relationships.count == 1)
        let root = try #require(navigation.relationships.first)
        #expect(root.relationship == .rootViewController)
        #expect(root.destinationID == "list-1")
        #expect(root.owner == .controller)
        #expect(navigation.triggeredSegues.isEmpty)
        #expect(navigation.view == nil)
    }

    @Test func segueOwners() throws {
        let document = try modern()
        let list = try #require(document.controller(id: "list-1"))
        #expect(list.segues.map(\.id) == ["seg-show", "seg-accessory", "seg-add"])
        #expect(list.segues(ownedBy: "cell-1").map(\.id) == ["seg-show", "seg-accessory"])
        let add = try #require(list.segue(identifier: "AddItem"))
        #expect(add.owner == .barButtonItem(id: "bb-add"))
        #expect(add.kind == .present)
        #expect(add.modalPresentationStyle == .formSheet)
        #expect(add.destinationID == "edit-nav")
        #expect(
            add.location
                == position(
                    of: "<segue destination=\"edit-nav\" kind=\"presentation\" identifier=\"AddItem\"",
                    in: StoryboardFixtures.modern))

        let detail = try #require(document.controller(id: "detail-1"))
        #expect(detail.segue(identifier: "Again")?.owner == .button(id: "call-button"))
        #expect(detail.segue(identifier: "Manual")?.owner == .controller)
        #expect(detail.segue(identifier: "Manual")?.modalPresentationStyle == .fullScreen)
        #expect(detail.segue(identifier: "ShowAbout")?.owner == .barButtonItem(id: "bb-info"))
        let embed = try #require(detail.segues.first { $0.kind == .embed })
        #expect(embed.owner == .containerView(id: "container"))
        #expect(embed.destinationID == "child-1")
    }

    @Test func accessoryActionSegue() throws {
        let list = try #require(try modern().controller(id: "list-1"))
        #expect(list.segue(identifier: "ShowDetail")?.isAccessoryAction == false)
        #expect(list.segue(identifier: "ShowInfo")?.isAccessoryAction == true)
    }

    @Test func inferredMetricsSegueReferenceIsNotASegue() throws {
        let document = try modern()
        let all = document.controllers.flatMap(\.segues)
        #expect(all.filter { $0.id == "seg-show" }.count == 1)
        #expect(all.allSatisfy { !$0.destinationID.isEmpty })
    }

    @Test func unwindSeguesFromAStandaloneNavigationBar() throws {
        let edit = try #require(try modern().controller(id: "edit-1"))
        #expect(edit.segues.map(\.kind) == [.unwind, .unwind])
        let save = try #require(edit.segue(identifier: "Save"))
        #expect(save.unwindAction == "save:")
        #expect(save.destinationID == "exit-edit")
        #expect(save.owner == .barButtonItem(id: "bb-save"))
        #expect(edit.navigationItem == nil)
        let bar = try #require(edit.view?.subviews.first)
        guard case .navigationBar(let title) = bar.kind else {
            Issue.record("expected a navigation bar, got \(bar.kind)")
            return
        }
        #expect(title == "Settings")
        #expect(bar.subviews.map(\.id) == ["bb-cancel", "bb-save"])
        if case .button(let cancelTitle) = bar.subviews[0].kind {
            #expect(cancelTitle == "Cancel")
        } else {
            Issue.record("expected a button for the bar's cancel item")
        }
    }

    @Test func navigationItemWithArraysAndBackItem() throws {
        let item = try #require(try modern().controller(id: "list-1")?.navigationItem)
        #expect(item.id == "list-item")
        #expect(item.title == "Items")
        #expect(item.backButtonTitle == "All")
        #expect(item.leftItems.map(\.id) == ["bb-edit", "bb-sort"])
        #expect(item.leftItems.map(\.displayTitle) == ["Edit", "Sort"])
        #expect(item.leftItems[0].systemItem == .edit)
        #expect(item.leftItems[0].actions == [ActionSpec(selector: "toggleEditing:", destinationID: "list-1")])
        #expect(item.leftItems[1].style == "plain")
        #expect(item.rightItems.map(\.id) == ["bb-add"])
        #expect(item.rightItems[0].systemItem == .add)
        #expect(
            item.rightItems[0].location
                == position(
                    of: "<barButtonItem key=\"rightBarButtonItem\" systemItem=\"add\"", in: StoryboardFixtures.modern))
    }

    @Test func nilTitleAndCustomViewBarButton() throws {
        let detail = try #require(try modern().controller(id: "detail-1"))
        let item = try #require(detail.navigationItem)
        #expect(item.title == nil)
        #expect(detail.displayTitle == nil)
        let info = try #require(item.rightItems.first)
        #expect(info.id == "bb-info")
        #expect(info.title == "Info")
        #expect(info.keyEquivalent == "i")
    }

    @Test func keyEquivalentsReachBarItemsSeguesAndViews() throws {
        let document = try modern()
        let list = try #require(document.controller(id: "list-1"))
        #expect(list.navigationItem?.rightItems.first?.keyEquivalent == "n")
        #expect(list.segue(identifier: "AddItem")?.keyEquivalent == "n")
        #expect(list.segue(identifier: "ShowDetail")?.keyEquivalent == "o")
        let detail = try #require(document.controller(id: "detail-1"))
        #expect(detail.segue(identifier: "Again")?.keyEquivalent == "c")
        #expect(detail.segue(identifier: "ShowAbout")?.keyEquivalent == "i")
        #expect(detail.segue(identifier: "Manual")?.keyEquivalent == nil)
        let button = try #require(detail.view?.find(id: "call-button"))
        #expect(button.keyEquivalent == "c")
        #expect(button.runtimeAttributes == ["keyEquivalent": "c", "retries": "3", "isLoud": "YES"])
    }

    @Test func prototypeTable() throws {
        let list = try #require(try modern().controller(id: "list-1"))
        let table = try #require(list.tableView)
        #expect(table.id == "table-1")
        #expect(table.dataMode == .prototypes)
        #expect(table.style == .insetGrouped)
        #expect(table.sections.isEmpty)
        #expect(table.prototypes.map(\.reuseIdentifier) == ["ItemCell", "ToggleCell"])
        let item = try #require(table.prototype(reuseIdentifier: "ItemCell"))
        #expect(item.style == .subtitle)
        #expect(item.accessoryType == .disclosureIndicator)
        #expect(item.text == "Title")
        #expect(item.detailText == "Subtitle")
        #expect(item.textLabelID == "cell-1-text")
        #expect(item.detailTextLabelID == "cell-1-detail")
        #expect(item.isSelectable)
        #expect(item.contentView.id == "cell-1-content")
        #expect(list.view?.backgroundColor == nil, "system colours have no fixed value")

        let toggle = try #require(table.prototype(reuseIdentifier: "ToggleCell"))
        #expect(toggle.style == .custom)
        #expect(toggle.accessoryType == AccessoryType.none)
        #expect(!toggle.isSelectable)
        #expect(toggle.contentView.outlets == [OutletSpec(property: "toggle", destinationID: "cell-2-switch")])
        // Ordered by frame: the switch sits higher (y 6) than the label (y 12), though to its right.
        #expect(toggle.contentView.subviews.map(\.id) == ["cell-2-switch", "cell-2-label"])
        if case .toggle(let isOn) = toggle.contentView.subviews[0].kind {
            #expect(!isOn, "an absent on attribute means off")
        } else {
            Issue.record("expected a switch")
        }
    }

    @Test func controlsAndTheirDefaults() throws {
        let view = try #require(try modern().controller(id: "detail-1")?.view)
        #expect(view.backgroundColor == RGBColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        // Top to bottom by frame y, whatever the file order.
        #expect(
            view.subviews.map(\.id) == [
                "long-label", "password", "controls", "segments", "date", "progress", "image", "call-button",
                "notes", "container",
            ])
        func kind(_ id: String) -> ViewKind? { view.find(id: id)?.kind }

        guard case .label(let text, let alignment, let isBold) = kind("long-label") else {
            Issue.record("long-label is not a label")
            return
        }
        #expect(text == "A long & winding text")
        #expect(alignment == .center)
        #expect(isBold)

        guard case .textField(let fieldText, let placeholder, let isSecure) = kind("password") else {
            Issue.record("password is not a text field")
            return
        }
        #expect(fieldText == "")
        #expect(placeholder == "Password")
        #expect(isSecure)

        guard case .button(let title) = kind("call-button") else {
            Issue.record("call-button is not a button")
            return
        }
        #expect(title == "Call", "the configuration title wins over the state title")
        #expect(
            view.find(id: "call-button")?.actions == [
                ActionSpec(selector: "call:", destinationID: "detail-1", eventType: "touchUpInside")
            ])

        let stack = try #require(view.find(id: "controls"))
        guard case .stackView(let axis) = stack.kind else {
            Issue.record("controls is not a stack view")
            return
        }
        #expect(axis == .horizontal)
        #expect(stack.subviews.map(\.id) == ["slider", "stepper", "switch-on"], "stack views keep file order")

        guard case .slider(let value, let minimum, let maximum) = kind("slider") else {
            Issue.record("slider is not a slider")
            return
        }
        #expect(value == 0)
        #expect(minimum == -30)
        #expect(maximum == 30)

        guard case .stepper(let stepValue, let stepMinimum, let stepMaximum, let step) = kind("stepper") else {
            Issue.record("stepper is not a stepper")
            return
        }
        #expect([stepValue, stepMinimum, stepMaximum, step] == [0, 0, 100, 1])

        guard case .toggle(let isOn) = kind("switch-on") else {
            Issue.record("switch-on is not a switch")
            return
        }
        #expect(isOn)

        guard case .segmentedControl(let segments, let selected) = kind("segments") else {
            Issue.record("segments is not a segmented control")
            return
        }
        #expect(segments == ["Day", "Week", "Month"])
        #expect(selected == 1)

        guard case .progressView(let progress) = kind("progress") else {
            Issue.record("progress is not a progress view")
            return
        }
        #expect(progress == 0.25)

        guard case .imageView(let image) = kind("image") else {
            Issue.record("image is not an image view")
            return
        }
        #expect(image == "star")

        guard case .textView(let notes) = kind("notes") else {
            Issue.record("notes is not a text view")
            return
        }
        #expect(notes == "Notes go here.")

        guard case .datePicker = kind("date"), case .containerView = kind("container") else {
            Issue.record("date picker or container view not recognised")
            return
        }
        let child = try #require(try modern().controller(id: "child-1")?.view)
        #expect(child.backgroundColor == RGBColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
    }

    @Test func legacyFileLoads() throws {
        let outcome = loadStoryboard(StoryboardFixtures.legacy)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let document = try legacy()
        #expect(document.formatVersion == "1.1")
        #expect(document.initialControllerID == "3")
        #expect(document.controllers.map(\.id) == ["3", "12", "30", "40"])
        #expect(
            document.controllers.map(\.kind) == [
                .navigationController, .tableViewController, .viewController, .viewController,
            ])
        let navigation = try #require(document.controller(id: "3"))
        #expect(navigation.location == position(of: "<navigationController id=\"3\"", in: StoryboardFixtures.legacy))
        #expect(navigation.relationships.first?.destinationID == "12")
    }

    @Test func legacyStaticTableAndOldSpellings() throws {
        let master = try #require(try legacy().controller(id: "12"))
        #expect(master.displayTitle == "Colours")
        let table = try #require(master.tableView)
        #expect(table.dataMode == .staticCells)
        #expect(table.style == .grouped)
        #expect(table.prototypes.isEmpty)
        let section = try #require(table.sections.first)
        #expect(section.id == "20")
        #expect(section.headerTitle == "Colours")
        #expect(section.footerTitle == "Pick one")
        #expect(section.cells.map(\.id) == ["21", "23"])
        let red = section.cells[0]
        #expect(red.style == .basic)
        #expect(red.text == "Red")
        #expect(red.contentView.id == "21.content", "an old content view has no id of its own")
        #expect(red.contentView.backgroundColor == nil, "a clear colour is no colour")
        let blue = section.cells[1]
        #expect(blue.style == .value1)
        #expect(blue.text == "Blue")
        #expect(blue.detailText == "Cold")
        #expect(master.segue(identifier: "ShowColor")?.kind == .show)
        #expect(master.segue(identifier: "ShowColor")?.owner == .cell(id: "21"))
        #expect(master.segue(identifier: "EditColor")?.kind == .present)
        if case .label(_, _, let isBold) = red.contentView.subviews.first?.kind {
            #expect(isBold, "boldSystem font")
        } else {
            Issue.record("expected the red label")
        }
    }

    @Test func legacyRoundedRectButtonAndNilTitle() throws {
        let begin = try #require(try legacy().controller(id: "30"))
        #expect(begin.navigationItem?.title == nil)
        #expect(begin.displayTitle == nil)
        guard case .button(let title) = begin.view?.subviews.first?.kind else {
            Issue.record("expected a button")
            return
        }
        #expect(title == "Begin")
    }

    @Test func bothSeguesSpellingsMeanTheSame() throws {
        for (old, new, expected) in [("push", "show", SegueKind.show), ("modal", "presentation", .present)] {
            var kinds: [SegueKind] = []
            for spelling in [old, new] {
                let text = storyboard(
                    scene("a", "<connections><segue destination=\"b\" kind=\"\(spelling)\" id=\"s\"/></connections>")
                        + scene("b"))
                let document = try #require(loadStoryboard(text).document, "\(spelling)")
                kinds += document.controllers[0].segues.map(\.kind)
            }
            #expect(kinds == [expected, expected])
        }
    }

    @Test func containersReferencesAndCollections() throws {
        let outcome = loadStoryboard(StoryboardFixtures.containers)
        let document = try #require(outcome.document, "\(outcome.diagnostics)")
        let tabs = try #require(document.controller(id: "tabs"))
        #expect(tabs.kind == .tabBarController)
        #expect(tabs.relationships.map(\.destinationID) == ["players-ref", "split", "grid"])
        #expect(tabs.relationships.allSatisfy { $0.relationship == .viewControllers })

        let reference = try #require(document.controller(id: "players-ref"))
        #expect(reference.kind == .reference)
        #expect(
            reference.reference
                == StoryboardReferenceSpec(storyboardName: "Players", referencedIdentifier: "PlayersList"))
        #expect(reference.tabBarItem?.title == "Players")

        let split = try #require(document.controller(id: "split"))
        #expect(split.relationships.map(\.relationship) == [.masterViewController, .detailViewController])
        #expect(document.controller(id: "master")?.segues.first?.kind == .showDetail)

        let grid = try #require(document.controller(id: "grid"))
        #expect(grid.kind == .collectionViewController)
        guard case .collection(let collection) = grid.view?.kind else {
            Issue.record("expected a collection view")
            return
        }
        #expect(collection.id == "grid-view")
        #expect(collection.prototypes.map(\.reuseIdentifier) == ["Tile"])
        #expect(collection.prototypes.first?.style == .custom)
        #expect(collection.prototypes.first?.contentView.subviews.map(\.id) == ["tile-label"])
        let popover = try #require(grid.segues.first)
        #expect(popover.kind == .popover)
        #expect(popover.owner == .cell(id: "tile"))
    }

    @Test func unknownViewIsAPlaceholderWithAWarning() throws {
        let outcome = loadStoryboard(StoryboardFixtures.containers)
        let document = try #require(outcome.document)
        guard case .unknown(let name) = document.controller(id: "detail")?.view?.subviews.first?.kind else {
            Issue.record("expected an unknown view")
            return
        }
        #expect(name == "sceneKitView")
        #expect(outcome.warnings.count == 1)
        let warning = try #require(outcome.warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.message == "unsupported view <sceneKitView>; it is drawn as a placeholder box")
        #expect(warning.location == position(of: "<sceneKitView", in: StoryboardFixtures.containers))
    }

    @Test func missingInitialControllerIsAWarning() throws {
        let text = storyboard(initial: nil, scene("a"))
        let outcome = loadStoryboard(text)
        let document = try #require(outcome.document)
        #expect(document.initialControllerID == nil)
        #expect(outcome.warnings.map(\.message) == [
            "no initial view controller and no scene with a storyboard identifier: nothing can open this storyboard"
        ])
        #expect(outcome.warnings.first?.location == position(of: "<document", in: text))
    }

    /// Scenes opened by identifier (from code, or through a storyboard reference) need no
    /// entry point: Xcode builds such a storyboard without a word.
    @Test func noInitialControllerIsNormalWhenScenesHaveIdentifiers() throws {
        let text = storyboard(initial: nil, scene("a")).replacingOccurrences(of: "id=\"a\"", with: "storyboardIdentifier=\"Chat\" id=\"a\"")
        let outcome = loadStoryboard(text)
        #expect(try #require(outcome.document).controller(storyboardIdentifier: "Chat") != nil)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings.map(\.message))")
    }

    @Test func unsupportedControllerIsAWarning() throws {
        let text = storyboard(scene("a", kind: "glkViewController"))
        let outcome = loadStoryboard(text)
        #expect(outcome.document?.controller(id: "a")?.kind == .viewController)
        #expect(
            outcome.warnings.map(\.message) == [
                "unsupported controller <glkViewController> \"a\" is treated as a plain view controller"
            ])
    }

    @Test func pageViewControllerLoadsEmpty() throws {
        // Its pages come from code: the file gives it none, and that is no problem.
        let outcome = loadStoryboard(storyboard(scene("a", kind: "pageViewController")))
        #expect(outcome.document?.controller(id: "a")?.kind == .pageViewController)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
    }

    @Test func subviewsWithoutFramesKeepFileOrder() throws {
        let text = storyboard(
            scene(
                "a",
                """
                <view key="view" id="root">
                    <subviews>
                        <label text="second" id="l2"><rect key="frame" x="0" y="50" width="10" height="10"/></label>
                        <label text="first" id="l1"/>
                        <label text="third" id="l3"><rect key="frame" x="0" y="10" width="10" height="10"/></label>
                    </subviews>
                </view>
                """))
        let view = try #require(loadStoryboard(text).document?.controller(id: "a")?.view)
        #expect(view.subviews.map(\.id) == ["l2", "l1", "l3"])
    }

    @Test func subviewsOnOneRowGoLeftToRight() throws {
        let text = storyboard(
            scene(
                "a",
                """
                <view key="view" id="root">
                    <subviews>
                        <button id="right"><rect key="frame" x="200" y="10" width="10" height="10"/></button>
                        <button id="left"><rect key="frame" x="20" y="10" width="10" height="10"/></button>
                        <button id="top"><rect key="frame" x="300" y="0.0" width="10" height="10"/></button>
                    </subviews>
                </view>
                """))
        let view = try #require(loadStoryboard(text).document?.controller(id: "a")?.view)
        #expect(view.subviews.map(\.id) == ["top", "left", "right"])
    }

    @Test func segmentedControlWithoutSelection() throws {
        let text = storyboard(
            scene(
                "a",
                """
                <view key="view" id="root"><subviews>
                    <segmentedControl id="none"><segments><segment title="A"/></segments></segmentedControl>
                    <segmentedControl selectedSegmentIndex="7" id="past"><segments><segment title="A"/></segments></segmentedControl>
                </subviews></view>
                """))
        let view = try #require(loadStoryboard(text).document?.controller(id: "a")?.view)
        for id in ["none", "past"] {
            guard case .segmentedControl(_, let selected) = view.find(id: id)?.kind else {
                Issue.record("\(id) is not a segmented control")
                continue
            }
            #expect(selected == -1, "\(id)")
        }
    }

    @Test func positionsCountCharactersNotBytes() throws {
        // Two-byte and four-byte characters before the element on its line.
        let text = storyboard(
            scene(
                "a",
                """
                <view key="view" id="root"><subviews><label text="é🙂" id="x"/><sceneKitView id="m"/></subviews></view>
                """))
        let outcome = loadStoryboard(text)
        let warning = try #require(outcome.warnings.first)
        #expect(warning.location == position(of: "<sceneKitView", in: text))
    }

    @Test func elementSpreadOverLinesIsReportedAtItsStart() throws {
        let text = storyboard(
            scene(
                "a",
                """
                <view key="view" id="root"><subviews><sceneKitView
                    id="m"
                    clipsSubviews="YES"/></subviews></view>
                """))
        let warning = try #require(loadStoryboard(text).warnings.first)
        #expect(warning.location == position(of: "<sceneKitView", in: text))
    }

    @Test func loadsFromAFileAndReportsUnreadableOnes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Main.storyboard")
        try Data(StoryboardFixtures.modern.utf8).write(to: url)
        let loaded = try StoryboardLoader.load(contentsOf: url)
        #expect(loaded.document.controllers.count == 6)
        #expect(loaded.document.fileName == url.path)

        let missing = directory.appendingPathComponent("Missing.storyboard")
        do {
            _ = try StoryboardLoader.load(contentsOf: missing)
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors.first?.message.hasPrefix("cannot read the file") == true)
            #expect(error.errors.first?.file == missing.path)
        }
    }

    /// 10,000 scenes with layout clutter like Xcode's: over 10 MB, past the size where
    /// libxml2 refuses input pushed in one piece, and large enough that quadratic work
    /// anywhere (ids, segues, positions) would show.
    private static let manyScenes: String = {
        let count = 10_000
        var scenes = ""
        for index in 0..<count {
            let next = (index + 1) % count
            var constraints = ""
            for edge in ["top", "bottom", "leading", "trailing"] {
                constraints +=
                    "<constraint firstItem=\"b\(index)\" firstAttribute=\"\(edge)\" secondItem=\"v\(index)\" secondAttribute=\"\(edge)\" constant=\"20\" id=\"k\(edge)\(index)\"/>\n"
            }
            scenes += scene(
                "c\(index)", exit: "x\(index)",
                """
                <view key="view" contentMode="scaleToFill" id="v\(index)"><subviews>
                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b\(index)">
                        <rect key="frame" x="20" y="100" width="335" height="30"/>
                        <state key="normal" title="Next"/><connections>
                        <segue destination="c\(next)" kind="show" identifier="next" id="s\(index)"/>
                        <segue destination="x\(index)" kind="unwind" unwindAction="back:" id="u\(index)"/>
                    </connections></button>
                </subviews>
                <constraints>
                \(constraints)</constraints>
                </view>
                """)
        }
        return storyboard(initial: "c0", scenes)
    }()

    @Test func manyScenesLoad() throws {
        let text = Self.manyScenes
        try #require(text.utf8.count > 10_000_000)
        let outcome = loadStoryboard(text)
        #expect(outcome.errors.isEmpty, "\(outcome.errors.prefix(3))")
        let document = try #require(outcome.document)
        #expect(document.controllers.count == 10_000)
        #expect(document.controller(id: "c9999")?.segues.first?.destinationID == "c0")
        #expect(document.controller(id: "c5000")?.location == position(of: "<viewController id=\"c5000\"", in: text))
    }

    @Test func aFileOverTenMegabytesLoadsFromDisk() throws {
        // Read from disk in one buffer and parsed in pieces: positions stay right across them.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Large.storyboard")
        try Data(Self.manyScenes.utf8).write(to: url)
        let loaded = try StoryboardLoader.load(contentsOf: url)
        #expect(loaded.document.controllers.count == 10_000)
        let last = try #require(loaded.document.controller(id: "c9999"))
        #expect(last.location == position(of: "<viewController id=\"c9999\"", in: Self.manyScenes))
        #expect(last.segues.last?.location == position(of: "<segue destination=\"x9999\"", in: Self.manyScenes))
    }

    @Test func unreadableFilesSayTheSystemsReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (url, reason) in [
            (directory.appendingPathComponent("Missing.storyboard"), "cannot read the file: No such file or directory"),
            (directory, "it is a folder, not a file"),
        ] {
            do {
                _ = try StoryboardLoader.load(contentsOf: url)
                Issue.record("\(url.path) loaded")
            } catch {
                #expect(error.errors.map(\.message) == [reason])
                #expect(error.isUnreadable)
                #expect(error.errors.first?.file == url.relativePath)
            }
        }
        let empty = directory.appendingPathComponent("Empty.storyboard")
        try Data().write(to: empty)
        #expect(throws: StoryboardLoadError.self) { try StoryboardLoader.load(contentsOf: empty) }
    }

    #if os(Linux)
        @Test func aFileLongerThanItsStatedSizeIsReadToTheEnd() throws {
            // Files under /proc say they are empty and are not: the reader must not trust the
            // size it is told, only the end of the file.
            let bytes = try InputFile.read(path: "/proc/self/status").get()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("Name:"))
            #expect(text.contains("\nPid:"))
            #expect(text.hasSuffix("\n"))
        }
    #endif
}
