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

@Suite struct TraceTransitionTests {
    private func segue(_ identifier: String, _ kind: SegueKind = .show) -> TraceEvent {
        .segue(SegueRecord(kind: kind, identifier: identifier, source: "A", destination: "B"))
    }

    @Test func theFirstHeaderIsTheCauseAndLaterOnesAreEntries() {
        let trace = NavigationTrace()
        trace.beginTransition()
        trace.record(.shouldPerform(controller: "A", identifier: "Go", result: true))
        trace.record(segue("Go"))
        trace.beginTransition()
        trace.record(segue("Embed", .embed))
        trace.record(.lifecycle(controller: "B", event: .viewDidLoad))
        trace.endTransition()
        #expect(trace.transitions.isEmpty, "nothing is complete until the outermost end")
        trace.endTransition()
        let transition = try! #require(trace.lastTransition)
        #expect(transition.cause == segue("Go"))
        #expect(transition.entries == [
            .shouldPerform(controller: "A", identifier: "Go", result: true), segue("Embed", .embed),
            .lifecycle(controller: "B", event: .viewDidLoad),
        ])
        #expect(transition.headline == "show \"Go\": A → B")
        #expect(transition.transcript == [
            "show \"Go\": A → B", "  A.shouldPerformSegue(Go) → true", "  segue embed \"Embed\" A → B", "  B.viewDidLoad",
        ])
        #expect(transition.segues.map(\.identifier) == ["Go", "Embed"])
    }

    @Test func aTransitionWithNoCauseIsDroppedUnlessKept() {
        let trace = NavigationTrace()
        trace.beginTransition()
        trace.record(.action(controller: "A", selector: "slide:"))
        trace.endTransition()
        #expect(trace.transitions.isEmpty)
        #expect(trace.events == [.action(controller: "A", selector: "slide:")])

        trace.beginTransition()
        trace.beginTransition(keptWithoutCause: true)
        trace.record(.shouldPerform(controller: "A", identifier: "Done", result: false))
        trace.endTransition()
        trace.endTransition()
        let refused = try! #require(trace.lastTransition)
        #expect(refused.entries.isEmpty)
        #expect(refused.headline == "segue \"Done\" not performed: A.shouldPerformSegue returned false")
    }

    @Test func eventsBetweenTransitionsBelongToNone() {
        let trace = NavigationTrace()
        trace.beginTransition()
        trace.record(.transition(TransitionRecord(kind: .pop, source: "B", destination: "A")))
        trace.endTransition()
        trace.record(.warning("a key with no segue"))
        trace.beginTransition()
        trace.record(.transition(TransitionRecord(kind: .tab, source: "A", destination: "C")))
        trace.record(.lifecycle(controller: "C", event: .viewDidAppear))
        trace.endTransition()
        #expect(trace.transitions.map(\.headline) == ["pop: B → A", "tab: A → C"])
        #expect(trace.transitions.map(\.entries) == [[], [.lifecycle(controller: "C", event: .viewDidAppear)]])
        #expect(trace.transitions.map(\.number) == [1, 2])
        // A header recorded outside any transition is a transition of its own.
        trace.record(segue("Loose"))
        #expect(trace.lastTransition?.cause == segue("Loose"))
        #expect(trace.lastTransition?.number == 3)
    }

    @Test func theHistoryAndEachTransitionStayBounded() {
        let trace = NavigationTrace()
        trace.transitionCapacity = 3
        trace.entryCapacity = 2
        for index in 0..<10 {
            trace.beginTransition()
            trace.record(segue("S\(index)"))
            for call in 0..<5 { trace.record(.note("\(index).\(call)")) }
            trace.endTransition()
        }
        #expect(trace.transitions.map(\.number) == [8, 9, 10])
        let last = try! #require(trace.lastTransition)
        #expect(last.entries == [.note("9.0"), .note("9.1")])
        #expect(last.omittedEntries == 3)
        #expect(last.transcript.last == "  … 3 more not kept")
    }

    @Test func clearingForgetsTransitionsButKeepsCountingAndRecordingTheOpenOne() {
        let trace = NavigationTrace()
        var told: [Int] = []
        trace.transitionObserver = { told.append($0.number) }
        trace.record(segue("First"))
        trace.beginTransition()
        trace.record(.note("before the clear"))
        trace.clear()
        #expect(trace.transitions.isEmpty)
        trace.record(segue("Second"))
        trace.endTransition()
        #expect(trace.transitions.map(\.number) == [2])
        #expect(trace.lastTransition?.entries == [])
        #expect(told == [1, 2])
        // An unbalanced end is ignored.
        trace.endTransition()
        #expect(!trace.isRecordingTransition)
    }
}
