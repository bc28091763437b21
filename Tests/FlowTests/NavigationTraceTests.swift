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

    @Test func longTextsAreKeptWithinTheByteCapacityNewestFirst() {
        let trace = NavigationTrace()
        trace.byteCapacity = 16 * 1_024
        let long = String(repeating: "a name longer than fits in a string's own bytes ", count: 4)
        for index in 0..<1_000 { trace.record(.note("\(index) \(long)")) }
        let kept = trace.events
        // Each note is about 240 bytes: a sixteen-kilobyte trace keeps the last sixty or so,
        // whole and in order, however many came before.
        #expect(kept.count > 40 && kept.count < 80, "\(kept.count)")
        #expect(kept == (1_000 - kept.count..<1_000).map { .note("\($0) \(long)") })
        // Short names cost only the event: many more fit.
        for index in 0..<1_000 { trace.record(.lifecycle(controller: "V\(index)", event: .viewDidLoad)) }
        #expect(trace.events.count > 3 * kept.count)
        #expect(trace.events.last == .lifecycle(controller: "V999", event: .viewDidLoad))
    }

    @Test func transitionsAreKeptWithinTheByteCapacityAndTheNewestWhateverItsSize() {
        let trace = NavigationTrace()
        trace.byteCapacity = 8 * 1_024
        for index in 0..<200 {
            trace.beginTransition()
            trace.record(.segue(SegueRecord(kind: .show, identifier: "S\(index)", source: "A", destination: "B")))
            trace.record(.note("a note of more than fifteen bytes, \(index)"))
            trace.endTransition()
        }
        let numbers = trace.transitions.map(\.number)
        #expect(numbers.count > 10 && numbers.count < 100, "\(numbers.count)")
        #expect(numbers == Array(201 - numbers.count...200))
        // One transition larger than the whole capacity is still kept, alone.
        trace.beginTransition()
        trace.record(.segue(SegueRecord(kind: .show, identifier: "Big", source: "A", destination: "B")))
        for index in 0..<500 { trace.record(.note("an entry long enough to count, \(index)")) }
        trace.endTransition()
        #expect(trace.transitions.map(\.number) == [201])
        #expect(trace.lastTransition?.entries.count == 500)
    }

    @Test func tallyingCountsLifecycleCallsAndReleasesInsteadOfRecordingThem() {
        let trace = NavigationTrace()
        var heard = 0
        trace.observer = { _ in heard += 1 }
        trace.beginTransition()
        trace.record(.transition(TransitionRecord(kind: .reload, source: "A", destination: "A")))
        let tally = trace.tallyingCalls {
            trace.record(.lifecycle(controller: "A", event: .viewWillDisappear))
            trace.record(.lifecycle(controller: "A", event: .viewDidLoad))
            trace.record(.warning("kept as it is"))
            // A tally inside another counts into the outer one.
            let inner = trace.tallyingCalls {
                trace.record(.lifecycle(controller: "B", event: .viewDidLoad))
                trace.record(.released(controller: "A"))
            }
            #expect(inner == TraceCallTally())
        }
        trace.endTransition()
        #expect(tally.summary == "2 viewDidLoad, 1 viewWillDisappear, 1 released")
        #expect((tally + tally).summary == "4 viewDidLoad, 2 viewWillDisappear, 2 released")
        #expect(TraceCallTally().summary == nil)
        #expect(trace.events == [
            .transition(TransitionRecord(kind: .reload, source: "A", destination: "A")), .warning("kept as it is"),
        ])
        #expect(trace.lastTransition?.entries == [.warning("kept as it is")])
        #expect(heard == 6, "the observer hears every call")
        // Once the tally is over, calls are recorded again.
        trace.record(.lifecycle(controller: "A", event: .viewDidAppear))
        #expect(trace.events.last == .lifecycle(controller: "A", event: .viewDidAppear))
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

    /// Where a string's bytes are, to tell one copy from two equal ones.
    private func storage(_ text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    private func noteText(_ event: TraceEvent) -> String {
        if case .note(let text) = event { return text }
        Issue.record("not a note: \(event)")
        return ""
    }

    @Test func aTextRecordedAgainIsHeldOnce() {
        let trace = NavigationTrace()
        // Made apart, as a reload makes its line again at every save.
        for _ in 0..<3 { trace.record(.note(["rebuilt:", "2 viewDidLoad,", "2 viewWillAppear"].joined(separator: " "))) }
        let texts = trace.events.map(noteText)
        #expect(texts == Array(repeating: "rebuilt: 2 viewDidLoad, 2 viewWillAppear", count: 3))
        let first = storage(texts[0])
        #expect(first != nil)
        #expect(texts.allSatisfy { storage($0) == first })
    }

    @Test func aLongTextIsKeptAsItCame() {
        let trace = NavigationTrace()
        let long = String(repeating: "a long quoted text ", count: 20)
        // Made apart, each its own copy.
        for _ in 0..<2 { trace.record(.note(String(repeating: "a long quoted text ", count: 20))) }
        let texts = trace.events.map(noteText)
        #expect(texts == [long, long])
        #expect(storage(texts[0]) != storage(texts[1]), "not held by the table of shared texts")
    }

    @Test func textsStayWhateverTheSharingTableForgets() {
        let trace = NavigationTrace()
        // Far more distinct texts than the table holds, then the first one again.
        let names = (0..<2_000).map { "a controller named \($0)" }
        for name in names { trace.record(.lifecycle(controller: name, event: .viewDidLoad)) }
        trace.record(.lifecycle(controller: "a controller named 0", event: .viewDidAppear))
        let recorded = trace.events.map { event -> String in
            if case .lifecycle(let controller, _) = event { return controller }
            return ""
        }
        #expect(recorded.suffix(3) == ["a controller named 1998", "a controller named 1999", "a controller named 0"])
        #expect(trace.events.last == .lifecycle(controller: "a controller named 0", event: .viewDidAppear))
    }
}
