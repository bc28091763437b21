import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// The Trips screen's code: counts the actions its bars fire.
final class TripsScreen: TableViewController {
    var archived = 0
    var shared = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("archive:", TripsScreen.archive)
        table.action("share:", TripsScreen.share)
        return table
    }
    func archive() { archived += 1 }
    func share() { shared += 1 }
}

/// The Library screen's code: counts the page changes and the toolbar's presses.
final class LibraryScreen: ViewController {
    var pageChanges = 0
    var plays = 0
    var nextTracks = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("pageChanged:", LibraryScreen.pageChanged)
        table.action("play:", LibraryScreen.play)
        table.action("nextTrack:", LibraryScreen.nextTrack)
        return table
    }
    func pageChanged() { pageChanges += 1 }
    func play() { plays += 1 }
    func nextTrack() { nextTracks += 1 }
}

/// What the views of Xcode 13 to 16 look like in a terminal and how they behave, on the
/// corpus storyboards Trips and Gadgets.
@Suite struct ModernViewTests {
    // MARK: Snapshots

    @Test func aVisualEffectViewSpinnerProgressImagesPageDotsButtonsAndAToolbar() throws {
        let pilot = try ModernViewFixtures.open("Gadgets", size: Size(width: 60, height: 24))
        assertSnapshot(pilot.screen, named: "modern-library")
        // The visual effect view's content is drawn, its label beside the spinner.
        #expect(pilot.shows("⠋ Syncing your library"))
        #expect(pilot.shows("★ Favourites (12)"))
        #expect(pilot.shows("♡"))
        #expect(pilot.shows("[AlbumArt]"))
        #expect(pilot.shows("○ ● ○ ○"))
        // Terms ends at the view's margin in the file: it stays at the right edge.
        #expect(pilot.screenLines.contains { $0.contains("[ → Schedule ] [ + ] ") && $0.hasSuffix("[ Terms & privacy ]  ") })
        #expect(pilot.shows("What's new: lyrics follow along."))
        #expect(pilot.shows("◀◀ (b)"))
    }

    @Test func datePickersInEachModeAndAPickerViewStandIn() throws {
        let pilot = try ModernViewFixtures.open("Gadgets", size: Size(width: 60, height: 16))
        pilot.shell.application.topViewController?.performSegue(withIdentifier: "ShowSchedule", sender: nil)
        pilot.press(.resize)
        assertSnapshot(pilot.screen, named: "modern-schedule")
        #expect(pilot.shows("‹ Fri 7 Oct 2022 16:00 ›"))
        #expect(pilot.shows("‹ Sun 1 Jan 2023 ›"))
        #expect(pilot.shows("‹ 05:45 ›"))
        #expect(pilot.shows("‹ 1 h 30 min ›"))
        #expect(pilot.shows("⟨picker: its rows come from code⟩"))
    }

    @Test func webViewsAreLabelledBoxesNamingTheirPage() throws {
        let terms = try ModernViewFixtures.open("Gadgets", size: Size(width: 50, height: 12))
        terms.shell.application.topViewController?.performSegue(withIdentifier: "ShowTerms", sender: nil)
        terms.press(.resize)
        assertSnapshot(terms.screen, named: "modern-web-view")
        #expect(terms.shows("Web page"))

        let trips = try ModernViewFixtures.open("Trips", size: Size(width: 50, height: 12))
        trips.press(.enter)
        trips.shell.application.topViewController?.performSegue(withIdentifier: "ShowItinerary", sender: nil)
        trips.press(.resize)
        assertSnapshot(trips.screen, named: "modern-web-view-with-address")
        #expect(trips.shows("https://trips.example/itinerary"))
    }

    @Test func aMapBetweenAnAttributedLabelAndAToolbarOfItsOwn() throws {
        let pilot = try ModernViewFixtures.open("Trips", size: Size(width: 60, height: 18))
        pilot.press(.enter)
        assertSnapshot(pilot.screen, named: "modern-map-and-toolbar")
        #expect(pilot.shows("Flight TP 1352 boards at gate 14"))
        #expect(pilot.shows("Map"))
        #expect(pilot.shows("Close (c)"))
    }

    @Test func aNavigationBarPlacedAsASubviewShowsItsItems() throws {
        let pilot = try ModernViewFixtures.open("Trips", size: Size(width: 60, height: 12))
        pilot.press(.char("+"))
        assertSnapshot(pilot.screen, named: "modern-navigation-bar-subview")
        let bar = try #require(pilot.screenLines.first { $0.contains("New Trip") })
        #expect(bar.hasPrefix("  Cancel"))
        #expect(bar.trimmingCharacters(in: .whitespaces).hasSuffix("Save"))
        // The scene's own bar is that one: the title is not drawn twice.
        #expect(pilot.screenLines.filter { $0.contains("New Trip") }.count == 1)
        // Its items are buttons: clicking Save (done style, no code) closes the sheet.
        #expect(pilot.shell.application.presentationLayers.count == 2)
        pilot.click(on: "Save")
        #expect(pilot.shell.application.presentationLayers.count == 1, "\(pilot.screen)")
    }

    // MARK: Toolbars

    @Test func aControllersToolbarSitsAboveTheFooterWithItsKeys() throws {
        let registry = ClassRegistry()
        registry.register(TripsScreen.self, as: "TripsViewController")
        let pilot = try ModernViewFixtures.open("Trips", registry: registry)
        assertSnapshot(pilot.screen, named: "modern-trips")
        let screen = try #require(pilot.top as? TripsScreen)
        // Add at the left, Archive in the middle, Share (a glyph) at the right.
        #expect(pilot.toolbarLine.hasPrefix(" + "))
        #expect(pilot.toolbarLine.contains("Archive (a)"))
        #expect(pilot.toolbarLine.hasSuffix("⤴ (u) "))
        #expect(pilot.footerLine.contains("a  Archive"))
        pilot.press(.char("a"))
        #expect(screen.archived == 1)
        pilot.click(on: "⤴")
        #expect(screen.shared == 1)
        // + fires the add item's segue: New Trip is presented.
        pilot.press(.char("+"))
        #expect(pilot.top?.title == "New Trip")
    }

    @Test func aToolbarShowsOnlyWhereTheStoryboardShowsIt() throws {
        func scenes(navigationShows: Bool, sceneSimulates: Bool) -> [ControllerSpec] {
            var navigation = Scene.navigation("N", root: "T")
            navigation.showsToolbar = navigationShows
            var table = Scene.table("T", title: "Stops", rows: [("r1", "Porto")])
            table.toolbarItems = [BarButtonItemSpec(id: "refresh", title: "Refresh")]
            table.showsToolbar = sceneSimulates
            return [navigation, table]
        }
        let hidden = PilotFixture(scenes(navigationShows: false, sceneSimulates: false), initial: "N")
        #expect(!hidden.pilot.shows("Refresh"))
        #expect(!hidden.pilot.footerLine.contains("Refresh"))
        let shown = PilotFixture(scenes(navigationShows: true, sceneSimulates: false), initial: "N")
        #expect(shown.pilot.toolbarLine.contains("Refresh (r)"))
        let simulated = PilotFixture(scenes(navigationShows: false, sceneSimulates: true), initial: "N")
        #expect(simulated.pilot.toolbarLine.contains("Refresh (r)"))
        // Code hides it, as UIKit's setToolbarHidden does.
        (shown.application.rootViewController as? NavigationController)?.isToolbarHidden = true
        shown.pilot.press(.resize)
        #expect(!shown.pilot.shows("Refresh"))
    }

    @Test func aToolbarPlacedAsASubviewFiresItsActionsAndSegues() throws {
        let registry = ClassRegistry()
        registry.register(LibraryScreen.self, as: "LibraryViewController")
        let pilot = try ModernViewFixtures.open("Gadgets", size: Size(width: 60, height: 24), registry: registry)
        let library = try #require(pilot.top as? LibraryScreen)
        pilot.press(.char("p"))
        #expect(library.plays == 1)
        pilot.click(on: "Play")
        #expect(library.plays == 2)
        // The next track item is disabled: neither its key nor a click does anything.
        pilot.press(.char("f"))
        pilot.click(on: "▶▶")
        #expect(library.nextTracks == 0)
        #expect(library.plays == 2)

        let trips = try ModernViewFixtures.open("Trips")
        trips.press(.enter)
        #expect(trips.top?.title == "Trip")
        trips.press(.char("n"))
        #expect(trips.top?.title == "Itinerary")
    }

    // MARK: Search

    @Test func typingInTheSearchBarFiltersTheRowsByTheirText() throws {
        let pilot = try ModernViewFixtures.open("Trips", size: Size(width: 100, height: 22))
        let table = try #require(pilot.top?.view.first(TableView.self))
        #expect(pilot.footerLine.contains("/  search"))
        pilot.press(.char("/"))
        #expect(pilot.footerLine.contains("Esc  end search"))
        pilot.type("KY")
        assertSnapshot(pilot.screen, named: "modern-trips-filtered")
        #expect(pilot.shows("Kyoto"))
        #expect(!pilot.shows("Lisbon"))
        // A section with nothing left loses its header and footer.
        #expect(!pilot.shows("PAST"))
        #expect(!pilot.shows("archived"))
        #expect(table.totalRowCount == 1)
        // Every label of a custom cell counts, and details do.
        pilot.press(.ctrl("u"))
        pilot.type("lights")
        #expect(pilot.shows("Reykjavík"))
        #expect(table.totalRowCount == 1)
        pilot.press(.ctrl("u"))
        pilot.type("june")
        #expect(pilot.shows("Oslo"))
        #expect(table.totalRowCount == 1)
        pilot.type("x")
        #expect(pilot.shows("No rows match “junex”"))
        // Esc ends the search: the text goes, every row comes back, the rows have the keys.
        pilot.press(.escape)
        #expect(table.totalRowCount == 5)
        #expect(pilot.shows("Search trips"))
        #expect(pilot.footerLine.contains("/  search"))
        #expect(pilot.footerLine.contains("↑↓  move"))
    }

    @Test func enterLeavesTheSearchForTheRowsAndOpensTheOneFound() throws {
        let pilot = try ModernViewFixtures.open("Trips", size: Size(width: 100, height: 22))
        let table = try #require(pilot.top?.view.first(TableView.self))
        pilot.press(.char("/"))
        pilot.type("ce")
        // "ce" is only in Lima's detail ("Ceviche tour"), in the second section.
        #expect(table.totalRowCount == 1)
        pilot.press(.enter)
        // The rows have the keys (no code behind them here, so Enter promises no opening).
        #expect(pilot.footerLine.contains("↑↓  move") && !pilot.footerLine.contains("Enter  open"), "\(pilot.footerLine)")
        #expect(table.sourceIndexPath(for: try #require(table.selectedIndexPath)) == IndexPath(row: 0, section: 1))
        // Letters are keys again, not text: q is not typed.
        pilot.press(.char("q"))
        #expect(table.filterText == "ce")
    }

    @Test func aFilterAsksTheDataSourceForEachRowOnceAcrossKeys() throws {
        final class Names: TableViewController {
            var requests = 0
            override func numberOfSections(in tableView: TableView) -> Int { 1 }
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 500 }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                requests += 1
                let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
                cell.textLabel?.text = "Name \(indexPath.row)"
                return cell
            }
        }
        let registry = ClassRegistry()
        registry.register(Names.self, as: "Names")
        var scene = Scene.table("T", title: "Names", customClass: "Names", prototypes: ["Row"])
        if var view = scene.view, case .table(var table) = view.kind {
            table.headerViewID = "search"
            view.kind = .table(table)
            view.subviews = [ViewSpec(id: "search", kind: .searchBar(text: "", placeholder: nil))]
            scene.view = view
        }
        let fixture = PilotFixture([Scene.navigation("N", root: "T"), scene], initial: "N", registry: registry)
        let names = try #require(fixture.application.topViewController as? Names)
        let before = names.requests
        fixture.pilot.press(.char("/"))
        fixture.pilot.type("Name 4")
        fixture.pilot.press(.backspace)
        fixture.pilot.type("49")
        #expect(names.tableView?.totalRowCount == 11)
        #expect(fixture.pilot.shows("Name 499"))
        // One pass over the rows for the first key, then only the rows on screen per frame.
        let asked = names.requests - before
        #expect(asked >= 500)
        #expect(asked < 500 + 12 * 16, "\(asked) requests")
        // Data reloaded means texts read again.
        let reloaded = names.requests
        names.tableView?.reloadData()
        fixture.pilot.type("9")
        #expect(names.requests - reloaded >= 500)
        #expect(names.tableView?.totalRowCount == 1)
    }

    // MARK: Spinners

    @Test func noTimerRunsWhileNothingAnimates() throws {
        let pilot = try ModernViewFixtures.open("Trips")
        #expect(pilot.shell.lastFrame.isAnimating == false)
        #expect(pilot.shell.nextWait == nil)
        pilot.press(.char("/"))
        pilot.type("o")
        #expect(pilot.shell.nextWait == nil)
    }

    @Test func aSpinnerAnimatesWhileDrawnAndAnimatingAndStopsOtherwise() throws {
        let pilot = try ModernViewFixtures.open("Gadgets", size: Size(width: 60, height: 24))
        let library = try #require(pilot.top)
        let spinner = try #require(library.view.allViews.compactMap { $0 as? ActivityIndicatorView }.first { $0.isAnimating })
        #expect(pilot.shell.nextWait == Frame.animationInterval)
        #expect(pilot.shows("⠋ Syncing"))
        pilot.tick()
        #expect(pilot.shows("⠙ Syncing"))
        pilot.tick()
        #expect(pilot.shows("⠹ Syncing"))
        // Stopped, it hides (hidesWhenStopped), and the shell waits for a key again.
        spinner.stopAnimating()
        pilot.press(.resize)
        #expect(spinner.isHidden)
        #expect(!pilot.shows("⠹"))
        #expect(pilot.shell.nextWait == nil)
        spinner.startAnimating()
        pilot.press(.resize)
        #expect(pilot.shell.nextWait == Frame.animationInterval)
        // Hidden by code while animating: not drawn, so no timer.
        spinner.isHidden = true
        pilot.press(.resize)
        #expect(pilot.shell.nextWait == nil)
        spinner.isHidden = false
        pilot.press(.resize)
        #expect(pilot.shell.nextWait == Frame.animationInterval)
        // Pushed away, it is not drawn; back on screen, it turns again.
        library.performSegue(withIdentifier: "ShowSchedule", sender: nil)
        pilot.press(.resize)
        #expect(pilot.top?.title == "Schedule")
        #expect(pilot.shell.nextWait == nil)
        pilot.press(.escape)
        #expect(pilot.top === library)
        #expect(pilot.shell.nextWait == Frame.animationInterval)
        // A stopped indicator that does not hide shows a still mark and asks for no frame.
        spinner.hidesWhenStopped = false
        spinner.stopAnimating()
        spinner.isHidden = false
        pilot.press(.resize)
        #expect(pilot.shows("⠿ Syncing"))
        #expect(pilot.shell.nextWait == nil)
    }

    // MARK: Controls

    @Test func datePickersMoveByTheirStepWithinTheirBounds() throws {
        let pilot = try ModernViewFixtures.open("Gadgets", size: Size(width: 60, height: 16))
        pilot.shell.application.topViewController?.performSegue(withIdentifier: "ShowSchedule", sender: nil)
        pilot.press(.resize)
        // The first picker has the focus: its minute interval is 5.
        pilot.press(.right)
        #expect(pilot.shows("‹ Fri 7 Oct 2022 16:05 ›"))
        pilot.press(.left, .left)
        #expect(pilot.shows("‹ Fri 7 Oct 2022 15:55 ›"))
        pilot.press(.pageUp)
        #expect(pilot.shows("‹ Sat 8 Oct 2022 15:55 ›"))
        // The day picker stops at its maximum, 2 January.
        pilot.press(.tab, .right, .right, .right)
        #expect(pilot.shows("‹ Mon 2 Jan 2023 ›"))
        pilot.press(.left, .left, .left, .left)
        #expect(pilot.shows("‹ Sat 31 Dec 2022 ›"))
        // The alarm moves by a quarter of an hour; the count-down by 5 minutes.
        pilot.press(.tab, .right)
        #expect(pilot.shows("‹ 06:00 ›"))
        pilot.press(.tab, .left)
        #expect(pilot.shows("‹ 1 h 25 min ›"))
        #expect(pilot.footerLine.contains("←→  adjust"))
    }

    @Test func aPageControlMovesBetweenItsDots() throws {
        let registry = ClassRegistry()
        registry.register(LibraryScreen.self, as: "LibraryViewController")
        let pilot = try ModernViewFixtures.open("Gadgets", size: Size(width: 100, height: 24), registry: registry)
        let library = try #require(pilot.top as? LibraryScreen)
        let dots = try #require(library.view.first(PageControl.self))
        while !(pilot.shell.lastFrame.focused === dots) { pilot.press(.tab) }
        #expect(pilot.footerLine.contains("←→  page"))
        pilot.press(.right)
        #expect(pilot.shows("○ ○ ● ○"))
        pilot.press(.right, .right)
        #expect(dots.currentPage == 3)
        #expect(library.pageChanges == 2)
        pilot.press(.left, .left, .left, .left)
        #expect(dots.currentPage == 0)
    }

    // MARK: The bar's title view

    @Test func aSegmentedControlInTheTitleViewIsDrawnWhole() throws {
        for width in [60, 48, 36] {
            let pilot = try ModernViewFixtures.open("Trips", size: Size(width: width, height: 16))
            let bar = pilot.screenLines.prefix(2).joined(separator: "\n")
            // Every segment whole, the one with only an image by the image's name.
            #expect(bar.contains("[All] Upcoming  Past  Starred"), "at \(width) columns:\n\(pilot.screen)")
        }
    }
}

/// SF Symbols as glyphs.
@Suite struct SystemSymbolTests {
    @Test func commonSymbolsAndTheirVariantsHaveGlyphs() {
        #expect(SystemSymbols.glyph(named: "chevron.right") == "›")
        #expect(SystemSymbols.glyph(named: "star") == "☆")
        #expect(SystemSymbols.glyph(named: "star.fill") == "★")
        #expect(SystemSymbols.glyph(named: "plus.circle.fill") == "⊕")
        #expect(SystemSymbols.glyph(named: "gearshape.fill") == "⚙")
        #expect(SystemSymbols.glyph(named: "arrow.backward.circle.fill") == "←")
        #expect(SystemSymbols.glyph(named: "person.crop.circle.fill.badge.plus") == "👤")
        #expect(SystemSymbols.glyph(named: "t.circle.fill") == "ⓣ")
        #expect(SystemSymbols.glyph(named: "3.circle") == "③")
        // Not `…`, which marks a cut text: a More button is `[ ⋯ ]`, never read as a text cut to nothing.
        #expect(SystemSymbols.glyph(named: "ellipsis") == "⋯")
    }

    @Test func aSymbolWithoutAGlyphShowsItsNameAndSoDoesAnAppsImage() {
        #expect(SystemSymbols.glyph(named: "brain.filled.head") == nil)
        #expect(SystemSymbols.glyph(named: "fill") == nil)
        #expect(Image(systemName: "music.note.house").shownText() == "music.note.house")
        #expect(Image(systemName: "trash").shownText() == "🗑\u{FE0F}")
        // An app's image named like a symbol is still the app's image.
        #expect(Image(named: "star").shownText() == "star")
    }

    @Test func anImagesAccessibilityLabelComesAfterAGlyphAndBeforeItsName() {
        // A glyph where the terminal has one and the label, else either, else the name.
        #expect(Image(systemName: "gearshape").shownText(label: "Settings") == Image(systemName: "gearshape").shownText() + " Settings")
        #expect(Image(systemName: "music.note.house").shownText(label: "Library") == "Library")
        #expect(Image(named: "logo").shownText(label: "Harbor") == "Harbor")
        #expect(Image(named: "logo").shownText(label: nil) == "logo")
        // A screen reader hears the label, not the glyph.
        #expect(Image(systemName: "gearshape").shownText(label: "Settings", screenReader: true) == "Settings")
        #expect(Image(systemName: "gearshape").shownText(label: nil, screenReader: true) == Image(systemName: "gearshape").shownText())
    }
}

/// Dates as a date picker shows them.
@Suite struct CalendarTextTests {
    @Test func daysTimesAndCountDowns() {
        #expect(CalendarText.day(Date(timeIntervalSince1970: 0)) == "Thu 1 Jan 1970")
        #expect(CalendarText.day(Date(timeIntervalSince1970: -1)) == "Wed 31 Dec 1969")
        #expect(CalendarText.time(Date(timeIntervalSince1970: -1)) == "23:59")
        #expect(CalendarText.day(Date(timeIntervalSinceReferenceDate: -26_524_800)) == "Tue 29 Feb 2000")
        #expect(CalendarText.time(Date(timeIntervalSinceReferenceDate: 686_851_200 + 65 * 60)) == "17:05")
        #expect(CalendarText.duration(0) == "0 min")
        #expect(CalendarText.duration(3_600) == "1 h")
        #expect(CalendarText.duration(5_400) == "1 h 30 min")
        #expect(CalendarText.duration(.nan) == "0 min")
    }

    @Test func datesFarFromNowDoNotCrash() {
        for seconds in [-1e300, 1e300, Double.infinity, -Double.infinity, .nan] {
            #expect(!CalendarText.day(Date(timeIntervalSince1970: seconds)).isEmpty)
        }
    }
}
