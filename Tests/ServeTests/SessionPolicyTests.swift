import Testing
@testable import Serve

/// What a session may ask for.
@Suite struct SessionPolicyTests {
    @Test(arguments: [
        ("LANG", true), ("LC_ALL", true), ("LC_CTYPE", true), ("COLORTERM", true), ("NO_COLOR", true),
        ("STORYBOARD_SCREEN_READER", true), ("STORYBOARD_SESSION_RECORDED", false),
        ("PATH", false), ("LD_PRELOAD", false), ("HOME", false), ("TERM", false), ("LC_", false), ("LC_lower", false),
        ("SWIFT_BACKTRACE", false), ("lang", false),
    ])
    func onlyTheLocaleAndColourVariablesAreAccepted(name: String, accepted: Bool) {
        #expect(SessionPolicy.acceptsVariable(named: name) == accepted)
    }

    @Test func valuesMustLookLikeWhatTheyName() {
        #expect(SessionPolicy.value("en_GB.UTF-8", forVariable: "LANG") == "en_GB.UTF-8")
        #expect(SessionPolicy.value("sr_RS@latin", forVariable: "LC_ALL") == "sr_RS@latin")
        #expect(SessionPolicy.value("C.UTF-8\u{1B}]0;x", forVariable: "LANG") == nil)
        #expect(SessionPolicy.value("../../etc", forVariable: "LANG") == nil)
        #expect(SessionPolicy.value("truecolor", forVariable: "COLORTERM") == "truecolor")
        #expect(SessionPolicy.value("anything at all", forVariable: "NO_COLOR") == "1")
        #expect(SessionPolicy.value("", forVariable: "NO_COLOR") == nil)
        #expect(SessionPolicy.value("1", forVariable: "STORYBOARD_SCREEN_READER") == "1")
        #expect(SessionPolicy.value("Yes", forVariable: "STORYBOARD_SCREEN_READER") == "1")
        #expect(SessionPolicy.value("0", forVariable: "STORYBOARD_SCREEN_READER") == "0")
        #expect(SessionPolicy.value("Off", forVariable: "STORYBOARD_SCREEN_READER") == "0")
        #expect(SessionPolicy.value("maybe", forVariable: "STORYBOARD_SCREEN_READER") == nil)
        #expect(SessionPolicy.value("1; rm -rf /", forVariable: "STORYBOARD_SCREEN_READER") == nil)
    }

    @Test func terminalTypesArePlainNames() {
        #expect(SessionPolicy.terminalType("xterm-256color") == "xterm-256color")
        #expect(SessionPolicy.terminalType("rxvt-unicode+sixel") == "rxvt-unicode+sixel")
        #expect(SessionPolicy.terminalType("") == "")
        #expect(SessionPolicy.terminalType("../../tmp/evil") == nil)
        #expect(SessionPolicy.terminalType("xterm\u{1B}[2J") == nil)
        #expect(SessionPolicy.terminalType(String(repeating: "x", count: 65)) == nil)
    }

    @Test func anExecRequestNamesOneWordOrNothingRuns() {
        #expect(SessionPolicy.execName("colorboard") == "colorboard")
        #expect(SessionPolicy.execName("  DailyBuzz.storyboard \t") == "DailyBuzz.storyboard")
        #expect(SessionPolicy.execName("ls -la") == nil)
        #expect(SessionPolicy.execName("/etc/passwd") == nil)
        #expect(SessionPolicy.execName("../x") == nil)
        #expect(SessionPolicy.execName("") == nil)
        #expect(SessionPolicy.execName("rm;reboot") == "rm;reboot")  // one word, and then named nothing served
    }
}
