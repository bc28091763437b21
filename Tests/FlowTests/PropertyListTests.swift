import Foundation
import Testing

@testable import Flow

/// `Info.plist` files as projects hold them: Apple's XML form (with its DOCTYPE), and the
/// binary form, read without crashing on anything.
@Suite struct PropertyListTests {
    private static let binaryFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Plists/Binary-Info.plist")

    @Test func xmlWithEveryValueType() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <!-- Xcode writes none, people do -->
            <dict>
            \t<key>Name</key>
            \t<string>Fähre &amp; &lt;Hafen&gt; &#x26F4;</string>
            \t<key>Empty</key>
            \t<string/>
            \t<key>Count</key>
            \t<integer>-42</integer>
            \t<key>Ratio</key>
            \t<real>0.5</real>
            \t<key>Yes</key>
            \t<true/>
            \t<key>List</key>
            \t<array><string>a</string><dict/><array/></array>
            \t<key>When</key>
            \t<date>2026-11-25T00:00:00Z</date>
            \t<key>Raw</key>
            \t<data>AAEC</data>
            \t<key>Kept</key>
            \t<string><![CDATA[<not markup>]]></string>
            </dict>
            </plist>
            """
        let plist = try PropertyList.read(Array(text.utf8))
        #expect(plist["Name"]?.string == "Fähre & <Hafen> ⛴")
        #expect(plist["Empty"]?.string == "")
        #expect(plist["Count"] == .integer(-42))
        #expect(plist["Ratio"] == .real(0.5))
        #expect(plist["Yes"]?.isTrue == true)
        #expect(plist["List"]?.array == [.string("a"), .dictionary([:]), .array([])])
        #expect(plist["When"] == .date("2026-11-25T00:00:00Z"))
        #expect(plist["Kept"]?.string == "<not markup>")
        #expect(plist["Missing"] == nil)
    }

    @Test func binaryPlistsAreRead() throws {
        let plist = try PropertyList.read(Array(try Data(contentsOf: Self.binaryFixture)))
        #expect(plist["CFBundleDisplayName"]?.string == "Binary Harbor")
        #expect(plist["UIMainStoryboardFile"]?.string == "Main")
        #expect(plist["UIDeviceFamily"]?.array == [.integer(1), .integer(2)])
        #expect(plist["LSRequiresIPhoneOS"] == .boolean(true))
        #expect(plist["Ratio"] == .real(0.5))
        #expect(plist["Name with ünïcode"]?.string == "Fähre ⛴")
        #expect(plist["UIApplicationSceneManifest"]?["UIApplicationSupportsMultipleScenes"] == .boolean(false))
    }

    @Test func everyCutOrChangedByteOfABinaryPlistIsAnErrorNotACrash() throws {
        let bytes = Array(try Data(contentsOf: Self.binaryFixture))
        var refused = 0
        for length in 0..<bytes.count {
            do {
                _ = try PropertyList.read(Array(bytes[0..<length]))
            } catch {
                refused += 1
                #expect(!error.message.isEmpty)
            }
        }
        // Every cut loses the trailer, which the reader needs.
        #expect(refused == bytes.count)
        var random = SeededRandomGenerator(seed: 7)
        for _ in 0..<3_000 {
            var changed = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                changed[Int.random(in: 8..<changed.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            _ = try? PropertyList.read(changed)
        }
    }

    @Test func anObjectThatContainsItselfIsRefused() throws {
        // bplist00, one array (object 0) whose single element is itself.
        var bytes = Array("bplist00".utf8) + [0xA1, 0x00]
        let table = bytes.count
        bytes += [0x08]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        #expect(throws: PropertyListError("the binary property list is damaged: object 0 contains itself")) {
            try PropertyList.read(bytes)
        }
    }

    @Test func problemsSayWhere() {
        let cases: [(String, String, Int, Int)] = [
            ("<plist><dict><key>A</key></dict></plist>", "key \"A\" has no value", 1, 26),
            ("<plist>\n<dict>\n<key>A</key>\n<integer>x</integer>\n</dict></plist>", "<integer> holds \"x\", which is not a whole number", 4, 1),
            ("<plist><dict><string>A</string></dict></plist>", "expected <key> in a <dict>, found <string>", 1, 14),
            ("<!DOCTYPE plist [<!ENTITY a \"b\">]><plist/>", "a DOCTYPE with declarations of its own is not read (it can define entities)", 1, 1),
            ("<plist><string>&bogus;</string></plist>", "unknown entity \"&bogus;\"", 1, 16),
            ("<plist><dict>", "the file ends inside the property list (is it truncated?)", 1, 14),
            ("", "the file is empty: no property list in it", 1, 1),
            ("<plist><widget/></plist>", "<widget> is not a property list element", 1, 8),
        ]
        for (text, message, line, column) in cases {
            #expect(throws: PropertyListError(message, at: SourceLocation(line: line, column: column)), "\(text)") {
                try PropertyList.read(Array(text.utf8))
            }
        }
    }

    @Test func deepNestingIsRefused() {
        let text = "<plist>" + String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300) + "</plist>"
        #expect(throws: PropertyListError.self) { try PropertyList.read(Array(text.utf8)) }
    }
}
