import Flow
import Testing

/// Counts read as English: "1 screen", never "1 screens".
@Suite struct CountedNounTests {
    @Test func oneIsSingularAndTheRestArePlural() {
        #expect(CountedNoun.phrase(1, "screen") == "1 screen")
        #expect(CountedNoun.phrase(0, "screen") == "0 screens")
        #expect(CountedNoun.phrase(2, "relaunch") == "2 relaunches")
        #expect(CountedNoun.phrase(1, "relaunch") == "1 relaunch")
        #expect(CountedNoun.phrase(3, "box") == "3 boxes")
        #expect(CountedNoun.phrase(1, "time") == "1 time")
        #expect(CountedNoun.phrase(2, "entry", plural: "entries") == "2 entries")
    }
}
