import CommandSupport
import Foundation
import Testing

/// The screen-reader mode remembered between runs, and what beats it: the flag or the
/// environment asking for it, an SSH client's `STORYBOARD_SCREEN_READER=0` refusing it.
@Suite struct ScreenReaderMemoryTests {
    /// A fresh configuration directory.
    static func freshDirectory() -> String {
        NSTemporaryDirectory() + "storyboard-memory-\(UUID().uuidString.prefix(8))"
    }

    @Test func theFileIsInTheXDGConfigurationDirectoryElseInHomesDotConfig() {
        #expect(ScreenReaderMemory(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]).path == "/c/storyboard/screen-reader")
        #expect(ScreenReaderMemory(environment: ["HOME": "/h"]).path == "/h/.config/storyboard/screen-reader")
        // The XDG spec says a relative directory is to be ignored.
        #expect(ScreenReaderMemory(environment: ["XDG_CONFIG_HOME": "c", "HOME": "/h"]).path == "/h/.config/storyboard/screen-reader")
        #expect(ScreenReaderMemory(environment: [:]).path == nil)
    }

    @Test func onAndOffAreKeptAndReadBack() throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let memory = ScreenReaderMemory(environment: ["XDG_CONFIG_HOME": directory])
        #expect(memory.load() == nil, "nothing remembered yet")
        #expect(memory.save(true) == nil)
        #expect(memory.load() == true)
        #expect(try String(contentsOfFile: directory + "/storyboard/screen-reader", encoding: .utf8) == "on\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/storyboard")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(memory.save(false) == nil)
        #expect(memory.load() == false)
    }

    @Test func aFileThatSaysNeitherIsNothingRemembered() throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/storyboard", withIntermediateDirectories: true)
        let memory = ScreenReaderMemory(environment: ["XDG_CONFIG_HOME": directory])
        for text in ["maybe\n", "", String(repeating: "on ", count: 100), "\u{1B}[2J"] {
            try text.write(toFile: directory + "/storyboard/screen-reader", atomically: true, encoding: .utf8)
            #expect(memory.load() == nil, "\(text.debugDescription)")
        }
        try " ON \n".write(toFile: directory + "/storyboard/screen-reader", atomically: true, encoding: .utf8)
        #expect(memory.load() == true)
    }

    @Test func aFailureToRememberIsSaidNamingTheFile() throws {
        let directory = Self.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A file where the directory should be.
        try "x".write(toFile: directory, atomically: true, encoding: .utf8)
        let problem = ScreenReaderMemory(environment: ["XDG_CONFIG_HOME": directory]).save(true)
        #expect(problem?.contains(directory + "/storyboard/screen-reader") == true, "\(String(describing: problem))")
        #expect(ScreenReaderMemory(environment: [:]).save(true)?.contains("no home directory") == true)
    }

    @Test func askingWinsThenRefusingThenWhatWasRemembered() {
        #expect(ScreenReaderSetting.startsOn(flag: true, environment: "0", remembered: false))
        #expect(ScreenReaderSetting.startsOn(flag: false, environment: "1", remembered: false))
        #expect(!ScreenReaderSetting.startsOn(flag: false, environment: "0", remembered: true), "the client's choice wins")
        #expect(!ScreenReaderSetting.startsOn(flag: false, environment: "Off", remembered: true))
        #expect(ScreenReaderSetting.startsOn(flag: false, environment: nil, remembered: true))
        #expect(ScreenReaderSetting.startsOn(flag: false, environment: "maybe", remembered: true), "a value saying neither says nothing")
        #expect(!ScreenReaderSetting.startsOn(flag: false, environment: nil, remembered: nil))
        #expect(!ScreenReaderSetting.startsOn(flag: false, environment: nil, remembered: false))
    }
}
