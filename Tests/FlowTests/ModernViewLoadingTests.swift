import Flow
import Foundation
import Testing
import TestSupport

/// How the views of Xcode 13 to 16 load: the corpus storyboards Trips and Gadgets hold each
/// of them in the shapes Xcode writes.
@Suite struct ModernViewLoadingTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func document(_ name: String) throws -> (StoryboardDocument, [Diagnostic]) {
        let url = corpus.appendingPathComponent(name + ".storyboard")
        let loaded = try StoryboardLoader.load(data: try Data(contentsOf: url), fileName: name + ".storyboard")
        return (loaded.document, loaded.warnings)
    }

    static func view(_ id: String, in document: StoryboardDocument) -> ViewSpec? {
        for controller in document.controllers {
            if let found = controller.view?.find(id: id) { return found }
        }
        return nil
    }

    @Test func everyViewLoadsWithoutAWarning() throws {
        for name in ["Trips", "Gadgets"] {
            let (_, warnings) = try Self.document(name)
            #expect(warnings.isEmpty, "\(name): \(warnings.map(\.message))")
        }
    }

    @Test func spinnersSearchBarsPageControlsPickersMapsAndWebViews() throws {
        let (gadgets, _) = try Self.document("Gadgets")
        let (trips, _) = try Self.document("Trips")
        func kind(_ id: String) -> ViewKind? { (Self.view(id, in: gadgets) ?? Self.view(id, in: trips))?.kind }
        guard case .activityIndicator(true, true) = kind("Ai2-Dl-5Kh"), case .activityIndicator(false, true) = kind("Ai2-Dl-5Kk")
        else {
            Issue.record("activity indicators: \(String(describing: kind("Ai2-Dl-5Kh"))), \(String(describing: kind("Ai2-Dl-5Kk")))")
            return
        }
        #expect(Self.view("Ai2-Dl-5Kk", in: gadgets)?.isHidden == true)
        guard case .pageControl(4, 1) = kind("Pc2-Dl-5Kp"), case .pickerView = kind("Pk3-Sc-2Ma"), case .mapView = kind("Mp9-Tp-4Rv")
        else {
            Issue.record("page control, picker or map view not recognised")
            return
        }
        guard case .webView(let address) = kind("Wv4-It-6Hl"), case .webView(let none) = kind("Wv4-Hp-6Hl") else {
            Issue.record("web views not recognised")
            return
        }
        #expect(address == "https://trips.example/itinerary")
        #expect(none == nil)
        // The search bar heads its table.
        let table = try #require(trips.controller(id: "Tr2-Lt-5Kd")?.view)
        guard case .table(let tableSpec) = table.kind, case .searchBar(let text, let placeholder) = kind("Sb4-Qr-6Nm") else {
            Issue.record("the search bar or its table not recognised")
            return
        }
        #expect(tableSpec.headerViewID == "Sb4-Qr-6Nm")
        #expect(table.subviews.map(\.id) == ["Sb4-Qr-6Nm"])
        #expect(text == "")
        #expect(placeholder == "Search trips")
    }

    @Test func aVisualEffectViewShowsItsContentView() throws {
        let (gadgets, _) = try Self.document("Gadgets")
        let effect = try #require(Self.view("Ve2-Dl-5Kf", in: gadgets))
        guard case .view = effect.kind else {
            Issue.record("a visual effect view is a plain view of its content, got \(effect.kind)")
            return
        }
        #expect(effect.subviews.map(\.id) == ["Vc2-Dl-5Kg"])
        #expect(effect.subviews.first?.subviews.map(\.id) == ["Ai2-Dl-5Kh", "Sy2-Dl-5Ki"])
    }

    @Test func datePickersKeepTheirModeDateBoundsAndSteps() throws {
        let (gadgets, _) = try Self.document("Gadgets")
        func setup(_ id: String) -> DatePickerSpec? {
            guard case .datePicker(let setup)? = Self.view(id, in: gadgets)?.kind else { return nil }
            return setup
        }
        let start = try #require(setup("Dp3-Sc-2Ls"))
        #expect(start.mode == .dateAndTime)
        #expect(start.date == Date(timeIntervalSinceReferenceDate: 686_851_200))
        #expect(start.minuteInterval == 5)
        let day = try #require(setup("Dp3-Sc-2Lv"))
        #expect(day.mode == .date)
        #expect(day.minimumDate == Date(timeIntervalSinceReferenceDate: 694_137_600))
        #expect(day.maximumDate == Date(timeIntervalSinceReferenceDate: 694_310_400))
        #expect(day.minuteInterval == 1)
        let timer = try #require(setup("Dp3-Sc-2Lz"))
        #expect(timer.mode == .countDownTimer)
        #expect(timer.countDownDuration == 5_400)
        #expect(timer.date == nil)
    }

    @Test func imagesKnowWhetherTheyAreSymbolsAndAttributedTextsAreTheirFragments() throws {
        let (gadgets, _) = try Self.document("Gadgets")
        let (trips, _) = try Self.document("Trips")
        #expect(Self.view("Iv2-Dl-5Kl", in: gadgets)?.image == Image(systemName: "star.fill"))
        #expect(Self.view("Iv2-Dl-5Kn", in: gadgets)?.image == Image(systemName: "heart"), "from <imageReference>")
        #expect(Self.view("Iv2-Dl-5Ko", in: gadgets)?.image == Image(named: "AlbumArt"))
        #expect(Self.view("Im9-Ry-0Af", in: trips)?.image == Image(systemName: "airplane"))
        guard case .label(let attributed, _, _)? = Self.view("Ds9-Tp-4Ru", in: trips)?.kind else {
            Issue.record("the attributed label is not a label")
            return
        }
        #expect(attributed == "Flight TP 1352 boards at gate 14")
        // A configuration's title and image win over the state's placeholder title.
        let schedule = try #require(Self.view("Bc2-Dl-5Kr", in: gadgets))
        guard case .button("Schedule") = schedule.kind else {
            Issue.record("the configured button's title: \(schedule.kind)")
            return
        }
        #expect(schedule.image == Image(systemName: "arrow.right"))
        let plus = try #require(Self.view("Bp2-Dl-5Kt", in: gadgets))
        guard case .button("") = plus.kind else {
            Issue.record("an image-only button has no title: \(plus.kind)")
            return
        }
        #expect(plus.image == Image(systemName: "plus"))
        guard case .button("Terms & privacy")? = Self.view("Bt2-Dl-5Kv", in: gadgets)?.kind else {
            Issue.record("the attributed title is not read")
            return
        }
        // A segment with an image alone shows the image's name.
        guard case .segmentedControl(let segments, 0)? = trips.controller(id: "Tr2-Lt-5Kd")?.navigationItem?.titleView?.kind else {
            Issue.record("the title view is not a segmented control")
            return
        }
        #expect(segments == ["All", "Upcoming", "Past", "Starred"])
    }

    @Test func toolbarsAsSubviewsAndAsAControllersItems() throws {
        let (trips, _) = try Self.document("Trips")
        let (gadgets, _) = try Self.document("Gadgets")
        guard case .toolbar(let items)? = Self.view("Tb9-Tp-4Rx", in: trips)?.kind else {
            Issue.record("the toolbar subview is not a toolbar")
            return
        }
        #expect(items.map(\.id) == ["Cs9-Tp-4Ry", "Fx9-Tp-4Sa", "It9-Tp-4Sb", "Fd9-Tp-4Sd", "Ad9-Tp-4Se"])
        #expect(items.map(\.isSpace) == [false, true, false, true, false])
        #expect(items[4].actions.map(\.selector) == ["addStop:"])
        // Their segues are the scene's, owned by the items.
        let trip = try #require(trips.controller(id: "Dv9-Tp-4Rs"))
        #expect(trip.segues(ownedBy: "Ad9-Tp-4Se").map(\.destinationID) == ["Nw5-Tp-8Gh"])
        guard case .toolbar(let player)? = Self.view("Tb2-Dl-5Lb", in: gadgets)?.kind else {
            Issue.record("the player's toolbar is not a toolbar")
            return
        }
        #expect(player.map(\.image) == [Image(systemName: "backward.fill"), nil, nil, nil, Image(systemName: "forward.fill")])
        #expect(player.map(\.isEnabled) == [true, true, true, true, false])

        let list = try #require(trips.controller(id: "Tr2-Lt-5Kd"))
        #expect(list.toolbarItems.map(\.id) == ["Ad3-Tb-7Mn", "Fx3-Tb-7Mp", "Ar3-Tb-7Mq", "Fx3-Tb-7Ms", "Sh3-Tb-7Mt"])
        #expect(list.toolbarItems[4].image == Image(systemName: "square.and.arrow.up"))
        #expect(list.showsToolbar, "simulated bottom bar metrics")
        #expect(trips.controller(id: "Tq1-Nv-0Ab")?.showsToolbar == true, "toolbarHidden=\"NO\"")
        #expect(gadgets.controller(id: "Gn1-Nv-0Ab")?.showsToolbar == false)
        #expect(list.navigationItem?.rightItems.first?.image == Image(systemName: "gearshape"), "from <imageReference>")
    }

    @Test func searchBarsAndToolbarItemsAreTranslatedByXcodesKeys() throws {
        let (trips, _) = try Self.document("Trips")
        let keys = Set(trips.translatableTexts.flatMap(\.keys))
        for key in ["Sb4-Qr-6Nm.placeholder", "Ar3-Tb-7Mq.title", "Cs9-Tp-4Ry.title"] {
            #expect(keys.contains(key), "\(key)")
        }
        let german = trips.translated(by: [
            "Sb4-Qr-6Nm.placeholder": "Reisen suchen", "Ar3-Tb-7Mq.title": "Archivieren", "Cs9-Tp-4Ry.title": "Schließen",
        ])
        guard case .searchBar(_, "Reisen suchen")? = Self.view("Sb4-Qr-6Nm", in: german)?.kind,
            case .toolbar(let items)? = Self.view("Tb9-Tp-4Rx", in: german)?.kind
        else {
            Issue.record("the search bar or the toolbar was not translated")
            return
        }
        #expect(items.first?.title == "Schließen")
        #expect(german.controller(id: "Tr2-Lt-5Kd")?.toolbarItems.map(\.title).contains("Archivieren") == true)
    }

    @Test func aNavigationControllersToolbarShowsAsTheFileSays() throws {
        func shows(_ attributes: String, toolbar: Bool) throws -> Bool {
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n">
                    <scenes><scene sceneID="s"><objects>
                        <navigationController \(attributes) id="n" sceneMemberID="viewController">
                            \(toolbar ? "<toolbar key=\"toolbar\" opaque=\"NO\" id=\"t\"/>" : "")
                        </navigationController>
                    </objects></scene></scenes>
                </document>
                """
            let document = try StoryboardLoader.load(data: Data(text.utf8), fileName: "T.storyboard").document
            return try #require(document.controller(id: "n")).showsToolbar
        }
        #expect(try shows("", toolbar: false) == false)
        #expect(try shows("", toolbar: true) == true)
        #expect(try shows("toolbarHidden=\"NO\"", toolbar: false) == true)
        #expect(try shows("toolbarHidden=\"YES\"", toolbar: true) == false)
    }
}

/// The run-time side of the new views: what code can do with them, as in UIKit.
@Suite struct ModernViewRuntimeTests {
    @Test func anIndicatorThatHidesWhenStoppedShowsWhileItAnimates() {
        let indicator = ActivityIndicatorView(id: "a", isAnimating: false, hidesWhenStopped: true)
        #expect(indicator.isHidden)
        indicator.startAnimating()
        #expect(indicator.isAnimating && !indicator.isHidden)
        indicator.stopAnimating()
        #expect(!indicator.isAnimating && indicator.isHidden)
        let still = ActivityIndicatorView(id: "b", isAnimating: false, hidesWhenStopped: false)
        #expect(!still.isHidden)
        still.startAnimating()
        still.stopAnimating()
        #expect(!still.isHidden)
    }

    @Test func aFilteredTableNumbersRowsAsShownAndTellsItsDelegateTheDataSourcesRow() throws {
        final class Fruit: TableViewController {
            let names = [["Apple", "Banana", "Cherry"], ["Date", "Blueberry"]]
            var selected: [IndexPath] = []
            override func numberOfSections(in tableView: TableView) -> Int { names.count }
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names[section].count }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
                cell.textLabel?.text = names[indexPath.section][indexPath.row]
                return cell
            }
            override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
        }
        let registry = ClassRegistry()
        registry.register(Fruit.self, as: "Fruit")
        let driver = try launch([Scene.table("T", customClass: "Fruit", prototypes: ["Row"])], initial: "T", registry: registry)
        let fruit = try #require(driver.top as? Fruit)
        let table = try #require(fruit.tableView)
        table.filterText = "B"
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(table.numberOfRows(inSection: 1) == 1)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 1))?.textLabel?.text == "Blueberry")
        #expect(table.sourceIndexPath(for: IndexPath(row: 0, section: 1)) == IndexPath(row: 1, section: 1))
        table.selectRow(at: IndexPath(row: 0, section: 1))
        #expect(fruit.selected == [IndexPath(row: 1, section: 1)])
        table.filterText = ""
        #expect(table.totalRowCount == 5)
        #expect(table.sourceIndexPath(for: IndexPath(row: 1, section: 1)) == IndexPath(row: 1, section: 1))
    }

    @Test func aDatePickerStaysWithinItsBounds() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let picker = DatePicker(
            id: "d", setup: DatePickerSpec(mode: .date, date: start, minimumDate: start, maximumDate: start.addingTimeInterval(86_400)))
        picker.setDate(start.addingTimeInterval(-5))
        #expect(picker.date == start)
        picker.setDate(start.addingTimeInterval(10 * 86_400))
        #expect(picker.date == start.addingTimeInterval(86_400))
        let now = Date(timeIntervalSinceReferenceDate: 42)
        #expect(DatePicker(id: "n", now: now).date == now, "a picker with no date starts at now")
    }
}
