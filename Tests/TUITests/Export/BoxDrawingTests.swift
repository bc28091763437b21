import Testing
@testable import TUI

/// Box-drawing characters as shapes that reach their cell's edges, so lines join.
@Suite struct BoxDrawingTests {
    @Test(arguments: [
        ("─", BoxDrawing.Arms(right: .light, left: .light)),
        ("┃", BoxDrawing.Arms(up: .heavy, down: .heavy)),
        ("┍", BoxDrawing.Arms(right: .heavy, down: .light)),
        ("╀", BoxDrawing.Arms(up: .heavy, right: .light, down: .light, left: .light)),
        ("╃", BoxDrawing.Arms(up: .heavy, right: .light, down: .light, left: .heavy)),
        ("╒", BoxDrawing.Arms(right: .double, down: .light)),
        ("╬", BoxDrawing.Arms(up: .double, right: .double, down: .double, left: .double)),
        ("╼", BoxDrawing.Arms(right: .heavy, left: .light)),
        ("╭", BoxDrawing.Arms(right: .light, down: .light, isArc: true)),
        ("┄", BoxDrawing.Arms(right: .light, left: .light, dashes: 3)),
        ("╏", BoxDrawing.Arms(up: .heavy, down: .heavy, dashes: 2)),
    ] as [(Character, BoxDrawing.Arms)])
    func armsAreReadFromTheName(character: Character, arms: BoxDrawing.Arms) {
        #expect(BoxDrawing.arms(of: character.unicodeScalars.first!) == arms)
    }

    @Test func everyLineCharacterReachesTheMiddleOfEachEdgeItHasAnArmTo() {
        let width = 8.43
        let height = 17.0
        for value in UInt32(0x2500)...0x257F {
            let scalar = Unicode.Scalar(value)!
            let shapes = BoxDrawing.shapes(for: scalar, width: width, height: height)
            #expect(!shapes.isEmpty, "U+\(String(value, radix: 16)) draws nothing")
            guard let arms = BoxDrawing.arms(of: scalar), arms.dashes == 0, !arms.isArc else { continue }
            func touches(x: Double, y: Double, alongX: Bool) -> Bool {
                shapes.contains { shape in
                    guard case .rectangle(let left, let top, let w, let h, _) = shape else { return false }
                    // Within a few pixels of the middle across, exactly at the edge along.
                    return alongX
                        ? abs(top + h / 2 - y) < 3 && left <= x + 0.01 && left + w >= x - 0.01
                        : abs(left + w / 2 - x) < 3 && top <= y + 0.01 && top + h >= y - 0.01
                }
            }
            let name = "U+\(String(value, radix: 16))"
            #expect(touches(x: 0, y: height / 2, alongX: true) == (arms.left != .none), "\(name) left")
            #expect(touches(x: width, y: height / 2, alongX: true) == (arms.right != .none), "\(name) right")
            #expect(touches(x: width / 2, y: 0, alongX: false) == (arms.up != .none), "\(name) up")
            #expect(touches(x: width / 2, y: height, alongX: false) == (arms.down != .none), "\(name) down")
        }
    }

    @Test func blocksFillTheirPartOfTheCell() {
        #expect(BoxDrawing.shapes(for: "█", width: 8, height: 16) == [.rectangle(x: 0, y: 0, width: 8, height: 16, opacity: 1)])
        #expect(BoxDrawing.shapes(for: "▄", width: 8, height: 16) == [.rectangle(x: 0, y: 8, width: 8, height: 8, opacity: 1)])
        #expect(BoxDrawing.shapes(for: "▌", width: 8, height: 16) == [.rectangle(x: 0, y: 0, width: 4, height: 16, opacity: 1)])
        #expect(BoxDrawing.shapes(for: "▒", width: 8, height: 16) == [.rectangle(x: 0, y: 0, width: 8, height: 16, opacity: 0.5)])
        #expect(BoxDrawing.shapes(for: "▚", width: 8, height: 16).count == 2)
        #expect(BoxDrawing.shapes(for: "a", width: 8, height: 16).isEmpty)
    }

    @Test(arguments: [(0.0, "0"), (8.43, "8.43"), (17.5, "17.5"), (-4.2, "-4.2"), (0.05, "0.05"), (12.999, "13")])
    func numbersAreWrittenShort(value: Double, text: String) {
        #expect(BoxDrawing.format(value) == text)
    }
}
