import Flow
import Foundation
import Testing
import TUI
@testable import Demos

/// The main screens of every bundled storyboard drawn whole, at 60×16, against the lines
/// written here: the first screen, a pushed scene and a sheet (or what the storyboard has in
/// their place). Daily Buzz runs on a fixed brew log, so nothing depends on the day; its dates
/// are formatted in the local time zone, so they are the one part written with the formatter.
@Suite struct BundledScreensTests {
    static let size = Size(width: 60, height: 16)

    /// Noon UTC on three days of June 2012, newest first.
    static let brewDates = [1_339_588_800, 1_339_502_400, 1_339_416_000].map { Date(timeIntervalSince1970: $0) }

    /// What `storyboard` shows at 60×16 after `keys`, Daily Buzz's log replaced by three
    /// sessions on fixed dates.
    static func screen(_ storyboard: String, keys: String) throws -> [String] {
        let demo = try RunningDemo(storyboard, launch: false)
        for session in try demo.store.sessions(offset: 0, limit: 100) { _ = try demo.store.deleteSession(id: session.id) }
        let coffees = try demo.store.coffees()
        for (index, (temperature, date)) in zip([200, 203, 205], brewDates).enumerated() {
            _ = try demo.store.addSession(coffeeID: coffees[index].id, temperatureF: temperature, brewedAt: date)
        }
        _ = try FlowDriver.launch(demo.storyboard)
        let pilot = Pilot(application: demo.application, size: size)
        try pilot.press(notation: keys)
        return withExtendedLifetime(demo) { pilot.screenLines }
    }

    /// The day part of a brew date, as the list shows it before cutting the time off.
    static func day(_ index: Int) -> String { String(BrewDateFormat.string(from: brewDates[index]).prefix(10)) }

    @Test func dailyBuzz() throws {
        // The log, newest first.
        assertScreen(try Self.screen("dailybuzz", keys: ""), equals: [
            "                         Daily Buzz                        +",
            "────────────────────────────────────────────────────────────",
            " Colombia Supremo         200 °F (93 °C)      \(Self.day(0))… ›",
            " Ethiopian Yirgacheffe    203 °F (95 °C)      \(Self.day(1))… ›",
            " Guatemala Antigua        205 °F (96 °C)      \(Self.day(2))… ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " +  add   d  Delete   ↑↓  move   Enter  open   ?  help",
        ])
        // A pushed scene: the first session's details.
        assertScreen(try Self.screen("dailybuzz", keys: "<Enter>"), equals: [
            "‹ Daily Buzz            Brew Details",
            "────────────────────────────────────────────────────────────",
            "                Coffee Colombia Supremo",
            "           Temperature 200 °F (93 °C)",
            "                  Date \(BrewDateFormat.string(from: Self.brewDates[0]))",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Esc  ‹ Daily Buzz   ↑↓  move   Enter  open   ?  help",
        ])
        // The sheet: a new session.
        assertScreen(try Self.screen("dailybuzz", keys: "+"), equals: [
            "Cancel Esc              Add Session                  Done ^S",
            "────────────────────────────────────────────────────────────",
            "  WATER",
            "  Temperature   °F, e.g. 203",
            "",
            "  BEANS",
            "  Coffee                                         Choose… ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Esc  Cancel   ^S  Done   ↑↓  move   Enter  open",
        ])
    }

    @Test func colorboard() throws {
        // The palette.
        assertScreen(try Self.screen("colorboard", keys: ""), equals: [
            "                           Colors                          +",
            "────────────────────────────────────────────────────────────",
            "    Red                                                   ›",
            "    Green                                                 ›",
            "    Blue                                                  ›",
            "    Midnight                                              ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " +  add   d  Delete   ↑↓  move   Enter  open   ?  help",
        ])
        // A pushed scene: the fourth colour in the editor.
        assertScreen(try Self.screen("colorboard", keys: "<Down><Down><Down><Enter>"), equals: [
            "‹ Colors                   Color",
            "────────────────────────────────────────────────────────────",
            "",
            "  Midnight",
            "",
            "  Red     ━━━━●────────────────────────────────────── 0.10",
            "",
            "  Green   ━━━━●────────────────────────────────────── 0.10",
            "",
            "  Blue    ━━━━━━━━━━━━━━━━━━●──────────────────────── 0.44",
            "",
            "  R 0.10  G 0.10  B 0.44   #1A1A70",
            "",
            "",
            "",
            " Esc  ‹ Colors   Tab  next field",
        ])
        // The sheet: a new colour.
        assertScreen(try Self.screen("colorboard", keys: "+"), equals: [
            "Cancel Esc                 Color                     Done ^S",
            "────────────────────────────────────────────────────────────",
            "",
            "  Blue",
            "",
            "  Red     ●────────────────────────────────────────── 0.00",
            "",
            "  Green   ●────────────────────────────────────────── 0.00",
            "",
            "  Blue    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
            "",
            "  R 0.00  G 0.00  B 1.00   #0000FF",
            "",
            "",
            "",
            " Esc  Cancel   ^S  Done   Enter  Done   Tab  next field",
        ])
    }

    @Test func segueTour() throws {
        // The examples.
        assertScreen(try Self.screen("seguetour", keys: ""), equals: [
            "                         Segue Tour",
            "────────────────────────────────────────────────────────────",
            "  EXAMPLES",
            "  Events                                                 ›",
            "    Passing data with prepare(for:sender:); the accessory…",
            "  Account                                                ›",
            "    Unwind segues: Reset and Done go back to different pl…",
            "  Dungeon                                                ›",
            "    Code and storyboards together; manual segues; jumping…",
            "  States                                                 ›",
            "    A container view and an embed segue",
            "  Custom Segue                                           ›",
            "    A segue class of its own that plays an effect first",
            "  Each example is a small storyboard flow from the 2012",
            "  talk.",
            " ↑↓  move   Enter  open   ?  help   q  quit",
        ])
        // A pushed scene: the events.
        assertScreen(try Self.screen("seguetour", keys: "<Enter>"), equals: [
            "‹ Segue Tour               Events",
            "────────────────────────────────────────────────────────────",
            " Harbor Concert                                         ⓘ ›",
            "   Pier 7",
            " Book Swap                                              ⓘ ›",
            "   Central Library",
            " Night Market                                           ⓘ ›",
            "   Old Town Square",
            " Chess in the Park                                      ⓘ ›",
            "   Elm Park",
            " Science Fair                                           ⓘ ›",
            "   North School",
            "",
            "",
            "",
            " Esc  ‹ Segue Tour   ↑↓  move   Enter  open   →/i  info",
        ])
        // The form sheet: sign-up over the account screen.
        assertScreen(try Self.screen("seguetour", keys: "<Down><Enter><Enter>"), equals: [
            "‹ Segue Tour              Account",
            "────────────────────────────────────────────────────────────",
            "         ╭────────────────────────────────────────╮",
            "  Sign up│ Cancel Esc       Name                  │.",
            "         │ ────────────────────────────────────── │",
            "  No acco│   Step 1 of 3: your name.              │",
            "         │                                        │",
            "         │   Name                                 │",
            "         │                                        │",
            "         │                [ Next ]                │",
            "         │                                        │",
            "         │                                        │",
            "         ╰────────────────────────────────────────╯",
            "",
            "",
            " Esc  Cancel   Enter  Next   Tab  next field",
        ])
    }

    @Test func launcher() throws {
        // The storyboards.
        assertScreen(try Self.screen("launcher", keys: ""), equals: [
            "                        Storyboards",
            "────────────────────────────────────────────────────────────",
            "  DEMOS",
            "  Daily Buzz                                             ›",
            "    A coffee brewing log (WWDC 2011)",
            "  Colorboard                                             ›",
            "    A colour picker with a palette",
            "  Segue Tour                                             ›",
            "    Every kind of segue, with what it does shown",
            "  Enter opens a storyboard; Esc in its first screen comes",
            "  back here.",
            "",
            "  ACCESSIBILITY",
            "  Screen reader mode                                   Off",
            "  For a screen reader or a braille display: the cursor",
            " ↑↓  move   Enter  open   ?  help   q  quit",
        ])
        // Its presentation: Daily Buzz, full screen, with Esc to come back.
        assertScreen(try Self.screen("launcher", keys: "<Enter>"), equals: [
            "                         Daily Buzz                        +",
            "────────────────────────────────────────────────────────────",
            " Colombia Supremo         200 °F (93 °C)      \(Self.day(0))… ›",
            " Ethiopian Yirgacheffe    203 °F (95 °C)      \(Self.day(1))… ›",
            " Guatemala Antigua        205 °F (96 °C)      \(Self.day(2))… ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " +  add   d  Delete   Esc  close   ↑↓  move   Enter  open",
        ])
    }

    /// Inventory has no sheet: a pushed scene and a second push instead.
    @Test func inventory() throws {
        // The grid.
        assertScreen(try Self.screen("inventory", keys: ""), equals: [
            "                         Inventory",
            "────────────────────────────────────────────────────────────",
            "╭────────────────╮ ╭────────────────╮ ╭────────────────╮",
            "│  Short Sword   │ │    Buckler     │ │   Red Potion   │",
            "│     Weapon     │ │     Armor      │ │     Potion     │",
            "╰────────────────╯ ╰────────────────╯ ╰────────────────╯",
            "╭────────────────╮ ╭────────────────╮ ╭────────────────╮",
            "│  Blue Potion   │ │    Old Key     │ │     Torch      │",
            "│     Potion     │ │      Tool      │ │      Tool      │",
            "╰────────────────╯ ╰────────────────╯ ╰────────────────╯",
            "",
            "",
            "",
            "",
            "",
            " ↑↓  move   Enter  open   ?  help   q  quit",
        ])
        // A pushed scene: the second item.
        assertScreen(try Self.screen("inventory", keys: "<Right><Enter>"), equals: [
            "‹ Inventory               Buckler",
            "────────────────────────────────────────────────────────────",
            "",
            "  Buckler",
            "",
            "  Armor",
            "",
            "  Found at column 14, row 1",
            "",
            "                     [ Location Found ]",
            "",
            "",
            "",
            "",
            "",
            " Esc  ‹ Inventory   Enter  press   ?  help",
        ])
        // A second push: where it was found.
        assertScreen(try Self.screen("inventory", keys: "<Right><Enter><Enter>"), equals: [
            "‹ Buckler                Found Here",
            "────────────────────────────────────────────────────────────",
            "  +--------------------+",
            "  |####################|",
            "  |#......#......*....#|",
            "  |#......#....###....#|",
            "  |#..........#.......#|",
            "  |####.#######.......#|",
            "  |#...........#......#|",
            "  |####################|",
            "  +--------------------+",
            "",
            "  * is where the item was found.",
            "",
            "",
            " Esc  ‹ Buckler   ?  help",
        ])
    }
}
