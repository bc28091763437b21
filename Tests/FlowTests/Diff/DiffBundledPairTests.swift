import Foundation
import Testing

@testable import Flow

/// `storyboard diff` on two versions of each bundled storyboard: the JSON, asserted whole,
/// says exactly the edits made to the new version, no more.
@Suite struct DiffBundledPairTests {
    /// A button retitled, a segue's presentation style changed, an outlet cut.
    @Test func segueTour() throws {
        let expected = #"""
            {
              "old": "SegueTour.old.storyboard",
              "new": "SegueTour.new.storyboard",
              "changes": [
                {"kind": "text", "change": "changed", "storyboard": "SegueTour.storyboard", "scene": "Tur-Ac-001", "id": "Tur-Bt-201", "sceneName": "AccountViewController \"Account\"", "object": "button \"Sign up\"", "property": "title", "old": "Create Account", "new": "Sign up", "line": 204},
                {"kind": "segue", "change": "changed", "storyboard": "SegueTour.storyboard", "scene": "Tur-Ac-001", "id": "Tur-Sg-201", "sceneName": "AccountViewController \"Account\"", "object": "segue presentation \"CreateAccount\"", "property": "modalPresentationStyle", "old": "formSheet", "new": "pageSheet", "line": 208},
                {"kind": "connection", "change": "removed", "storyboard": "SegueTour.storyboard", "scene": "Tur-Ac-001", "id": "Tur-Ou-201", "sceneName": "AccountViewController \"Account\"", "object": "outlet statusLabel", "old": "statusLabel → label \"No account yet.\" [Tur-Lb-202]", "line": 215}
              ]
            }
            """#
        #expect(try DiffFixtures.json("SegueTour") == expected + "\n")
    }

    /// A label's text and a placeholder changed, a field hidden; a new Xcode and a colour respelled, which are not changes.
    @Test func colorboard() throws {
        let expected = #"""
            {
              "old": "Colorboard.old.storyboard",
              "new": "Colorboard.new.storyboard",
              "changes": [
                {"kind": "text", "change": "changed", "storyboard": "Colorboard.storyboard", "scene": "CBd-Ed-001", "id": "CBd-Tf-001", "sceneName": "BNRColorViewController \"Color\"", "object": "textField \"color name\"", "property": "placeholder", "old": "Color name", "new": "Colour name", "line": 65},
                {"kind": "property", "change": "changed", "storyboard": "Colorboard.storyboard", "scene": "CBd-Ed-001", "id": "CBd-Tf-001", "sceneName": "BNRColorViewController \"Color\"", "object": "textField \"color name\"", "property": "hidden", "new": "YES", "line": 65},
                {"kind": "text", "change": "changed", "storyboard": "Colorboard.storyboard", "scene": "CBd-Ed-001", "id": "CBd-Lb-101", "sceneName": "BNRColorViewController \"Color\"", "object": "label \"Rouge\"", "property": "text", "old": "Red", "new": "Rouge", "line": 69}
              ]
            }
            """#
        #expect(try DiffFixtures.json("Colorboard") == expected + "\n")
    }

    /// A segue retargeted, a scene's restoration identifier changed.
    @Test func dailyBuzz() throws {
        let expected = #"""
            {
              "old": "DailyBuzz.old.storyboard",
              "new": "DailyBuzz.new.storyboard",
              "changes": [
                {"kind": "scene", "change": "changed", "storyboard": "DailyBuzz.storyboard", "scene": "DBz-Ls-001", "id": "DBz-Ls-001", "sceneName": "BrewSessionsViewController \"Daily Buzz\"", "object": "BrewSessionsViewController \"Daily Buzz\"", "property": "restorationIdentifier", "old": "BrewSessions", "new": "Sessions", "line": 19},
                {"kind": "segue", "change": "changed", "storyboard": "DailyBuzz.storyboard", "scene": "DBz-Ad-001", "id": "DBz-Sg-003", "sceneName": "AddSessionViewController \"Add Session\"", "object": "segue push \"ShowCoffees\"", "property": "destination", "old": "DBz-Cf-001", "new": "DBz-Dt-001", "oldName": "CoffeesViewController \"Coffees\"", "newName": "BrewDetailsViewController \"Brew Details\"", "line": 166}
              ]
            }
            """#
        #expect(try DiffFixtures.json("DailyBuzz") == expected + "\n")
    }

    /// A label removed with its outlet, an action connected.
    @Test func inventory() throws {
        let expected = #"""
            {
              "old": "Inventory.old.storyboard",
              "new": "Inventory.new.storyboard",
              "changes": [
                {"kind": "connection", "change": "added", "storyboard": "Inventory.storyboard", "scene": "Inv-Dt-001", "id": "Inv-Ac-101", "sceneName": "ItemDetailViewController \"Item\"", "object": "action locate:", "new": "locate: → ItemDetailViewController \"Item\" [Inv-Dt-001] on touchUpInside", "line": 78},
                {"kind": "view", "change": "removed", "storyboard": "Inventory.storyboard", "scene": "Inv-Dt-001", "id": "Inv-Lb-103", "sceneName": "ItemDetailViewController \"Item\"", "object": "label \"Found\"", "property": "superview", "old": "view [Inv-Vw-001]", "line": 73},
                {"kind": "connection", "change": "removed", "storyboard": "Inventory.storyboard", "scene": "Inv-Dt-001", "id": "Inv-Ou-103", "sceneName": "ItemDetailViewController \"Item\"", "object": "outlet foundLabel", "old": "foundLabel → label \"Found\" [Inv-Lb-103]", "line": 89}
              ]
            }
            """#
        #expect(try DiffFixtures.json("Inventory") == expected + "\n")
    }

    /// A section header and a cell's subtitle changed.
    @Test func launcher() throws {
        let expected = #"""
            {
              "old": "Launcher.old.storyboard",
              "new": "Launcher.new.storyboard",
              "changes": [
                {"kind": "text", "change": "changed", "storyboard": "Launcher.storyboard", "scene": "Lch-Ls-001", "id": "Lch-Se-001", "sceneName": "LauncherViewController \"Storyboards\"", "object": "tableViewSection \"Examples\"", "property": "headerTitle", "old": "Demos", "new": "Examples", "line": 22},
                {"kind": "text", "change": "changed", "storyboard": "Launcher.storyboard", "scene": "Lch-Ls-001", "id": "Lch-Lb-004", "sceneName": "LauncherViewController \"Storyboards\"", "object": "label \"A palette of colours\"", "property": "text", "old": "A colour picker with a palette", "new": "A palette of colours", "line": 39}
              ]
            }
            """#
        #expect(try DiffFixtures.json("Launcher") == expected + "\n")
    }
}
