import Flow
import Testing

@Suite struct NavigationTraceTests {
    @Test func keepsTheNewestEventsUpToCapacityInOrder() {
        let trace = NavigationTrace()
        trace.capacity = 100
        for index in 0..<1_000 {
            trace.record(.note("event \(index)"))
            #expect(trace.events.count == min(index + 1, 100))
        }
        #expect(trace.events == (900..<1_000).map { .note("event \($0)") })
    }

    @Test func keepsTheNewestWhenReadOnlyAtTheEnd() {
        let trace = NavigationTrace()
        trace.capacity = 10
        for index in 0..<1_234 { trace.record(.note("\(index)")) }
        #expect(trace.events == (1_224..<1_234).map { .note("\($0)") })
        #expect(trace.lines.first == "note: 1224")
    }

    @Test func aCapacityOfZeroOrLessKeepsNothingButStillNotifies() {
        let trace = NavigationTrace()
        var seen: [TraceEvent] = []
        trace.observer = { seen.append($0) }
        trace.capacity = -5
        for index in 0..<200 { trace.record(.note("\(index)")) }
        #expect(trace.events.isEmpty)
        #expect(seen.count == 200)
    }

    @Test func clearEmptiesAndRecordingStartsAfresh() {
        let trace = NavigationTrace()
        trace.capacity = 3
        for index in 0..<50 { trace.record(.note("\(index)")) }
        trace.clear()
        #expect(trace.events.isEmpty)
        trace.record(.note("after"))
        #expect(trace.events == [.note("after")])
    }
}
