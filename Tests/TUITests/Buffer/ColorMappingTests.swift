import Flow
import Testing
@testable import TUI

@Suite struct ColorMappingTests {
    @Test(arguments: [
        ((255, 0, 0), 196), ((0, 0, 0), 16), ((255, 255, 255), 231), ((128, 128, 128), 244),
        ((95, 135, 175), 67), ((8, 8, 8), 232), ((238, 238, 238), 255), ((0, 255, 0), 46),
        ((0, 0, 255), 21), ((255, 135, 0), 208),
    ] as [((UInt8, UInt8, UInt8), UInt8)])
    func nearest256(rgb: (UInt8, UInt8, UInt8), expected: UInt8) {
        #expect(ColorMapping.nearest256(red: rgb.0, green: rgb.1, blue: rgb.2) == expected)
    }

    @Test(arguments: [
        ((255, 0, 0), 1), ((0, 255, 0), 2), ((0, 0, 255), 4), ((255, 255, 0), 3),
        ((255, 0, 255), 5), ((0, 255, 255), 6), ((255, 255, 255), 7), ((0, 0, 0), 0),
        ((128, 128, 128), 7), ((60, 60, 60), 0), ((255, 165, 0), 3),
    ] as [((UInt8, UInt8, UInt8), UInt8)])
    func nearest8(rgb: (UInt8, UInt8, UInt8), expected: UInt8) {
        #expect(ColorMapping.nearest8(red: rgb.0, green: rgb.1, blue: rgb.2) == expected)
    }

    @Test func nearest16UsesBrightColours() {
        #expect(ColorMapping.nearest16(red: 255, green: 0, blue: 0) == 9)
        #expect(ColorMapping.nearest16(red: 127, green: 127, blue: 127) == 8)
    }

    @Test func paletteComponents() {
        #expect(ColorMapping.components(ofIndexed: 196) == (255, 0, 0))
        #expect(ColorMapping.components(ofIndexed: 244) == (128, 128, 128))
        #expect(ColorMapping.components(ofIndexed: 16) == (0, 0, 0))
        #expect(ColorMapping.components(ofIndexed: 1) == (205, 0, 0))
        for index in 16...255 {
            let value = ColorMapping.components(ofIndexed: UInt8(index))
            #expect(ColorMapping.nearest256(red: value.red, green: value.green, blue: value.blue) == UInt8(index))
        }
    }

    @Test func directColourNumbersAvoidThePaletteRange() {
        #expect(ColorMapping.directColorNumber(red: 0, green: 0, blue: 0) == 8)
        #expect(ColorMapping.directColorNumber(red: 0, green: 0, blue: 7) == 8)
        #expect(ColorMapping.directColorNumber(red: 0x12, green: 0x34, blue: 0x56) == 0x123456)
    }

    @Test func cursesColourNumbers() {
        func number(_ color: TerminalColor, _ depth: ColorDepth, _ count: Int) -> Int32? {
            ColorMapping.colorNumber(for: color, depth: depth, colorCount: count)
        }
        #expect(number(.default, .indexed256, 256) == nil)
        #expect(number(.red, .none, 0) == nil)
        #expect(number(.yellow, .indexed256, 256) == 3)
        #expect(number(.rgb(255, 0, 0), .indexed256, 256) == 196)
        #expect(number(.indexed(123), .indexed256, 256) == 123)
        #expect(number(.ansi(9), .ansi8, 8) == 1)
        #expect(number(.ansi(9), .ansi8, 16) == 9)
        #expect(number(.rgb(255, 0, 0), .ansi8, 8) == 1)
        #expect(number(.indexed(196), .ansi8, 8) == 1)
        #expect(number(.green, .trueColor, 1 << 24) == 2)
        #expect(number(.ansi(9), .trueColor, 1 << 24) == 0xFF0000)
        #expect(number(.indexed(21), .trueColor, 1 << 24) == 0x0000FF)
        #expect(number(.rgb(1, 2, 3), .trueColor, 1 << 24) == 0x010203)
    }

    @Test func storyboardColours() {
        #expect(TerminalColor(RGBColor(red: 1, green: 0.5, blue: 0)) == .rgb(255, 128, 0))
        #expect(TerminalColor(RGBColor(red: .nan, green: 2, blue: -1)) == .rgb(0, 255, 0))
        #expect(TerminalColor.default.components == nil)
    }

    @Test func depthFromEnvironment() {
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""]) == .indexed256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi8)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == .none)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-direct"]) == .trueColor)
        // Terminals known to take 24-bit colour, without COLORTERM (over ssh).
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-kitty"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "VTE_VERSION": "7600"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-kitty", "NO_COLOR": "1"]) == .none)
    }

    @Test func depthFromTerminfo() {
        let plain: [String: String] = ["COLORTERM": "truecolor"]
        #expect(ColorDepth.detect(environment: plain, hasColors: true, colorCount: 256, isDirectColor: false) == .indexed256)
        #expect(ColorDepth.detect(environment: plain, hasColors: true, colorCount: 256, isDirectColor: true) == .trueColor)
        #expect(ColorDepth.detect(environment: [:], hasColors: true, colorCount: 1 << 24, isDirectColor: false) == .trueColor)
        #expect(ColorDepth.detect(environment: [:], hasColors: true, colorCount: 8, isDirectColor: false) == .ansi8)
        #expect(ColorDepth.detect(environment: [:], hasColors: false, colorCount: 256, isDirectColor: false) == .none)
        #expect(ColorDepth.detect(environment: ["NO_COLOR": "x"], hasColors: true, colorCount: 256, isDirectColor: false) == .none)
    }
}
