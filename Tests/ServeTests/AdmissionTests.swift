import Foundation
import NIOCore
import Testing
@testable import Serve

/// Per-source admission control: token buckets, open counts, the refusal log, memory bounds,
/// on a clock the tests move by hand.
@Suite struct AdmissionTests {
    /// A clock that moves only when told.
    final class ManualTime: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 1000.0
        var clock: AdmissionClock { AdmissionClock { self.lock.withLock { self.seconds } } }
        func advance(_ delta: Double) { lock.withLock { seconds += delta } }
    }

    /// A count threads add to.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    static let one = AdmissionSource(ipAddress: "203.0.113.7")!
    static let two = AdmissionSource(ipAddress: "198.51.100.20")!

    // MARK: Token bucket

    @Test func aBucketGivesItsBurstAtOnceThenItsRate() {
        var bucket = TokenBucket(rate: 10, burst: 10, now: 0)
        #expect((0..<10).allSatisfy { _ in bucket.take(now: 0) })
        // The eleventh at once, half a token after 50 ms, a whole one after 100 ms, and no more.
        let after = [0, 0.05, 0.1, 0.1].map { bucket.take(now: $0) }
        #expect(after == [false, false, true, false])
        #expect(!bucket.isFull(at: 0.5))
        #expect(bucket.isFull(at: 1.1))
        // Refilling stops at the burst: a long pause does not bank more than 10.
        let later = (0..<11).map { _ in bucket.take(now: 100) }
        #expect(later == Array(repeating: true, count: 10) + [false])
    }

    @Test func aClockGoingBackAddsNoTokens() {
        var bucket = TokenBucket(rate: 10, burst: 1, now: 50)
        // Time before the latest reading is not counted twice.
        let takes = [50, 10, 50.05, 50.1].map { bucket.take(now: $0) }
        #expect(takes == [true, false, false, true])
    }

    // MARK: Rate per source

    @Test func oneSourceSpendingItsBurstLeavesAnotherSourcesWhole() {
        var limiter = SourceRateLimiter(rate: 10, burst: 10, now: 0)
        let first = (0..<100).filter { _ in limiter.take(Self.one, now: 0) }.count
        #expect(first == 10)
        let second = (0..<100).filter { _ in limiter.take(Self.two, now: 0) }.count
        #expect(second == 10)
        // Over three seconds (and a little) at 100 a second, the first gets 30 more (10 a second).
        var later = 0
        for step in 1...305 where limiter.take(Self.one, now: Double(step) / 100) { later += 1 }
        #expect(later == 30)
    }

    @Test func refilledBucketsAreDroppedSoMemoryFollowsRecentSources() {
        var limiter = SourceRateLimiter(rate: 10, burst: 10, now: 0)
        for index in 0..<5000 { _ = limiter.take(AdmissionSource(ipv4: (10, 0, UInt8(index >> 8), UInt8(index & 0xFF))), now: 0) }
        #expect(limiter.trackedSources == 5000)
        // A source emptied its bucket at 0.5 s: not full yet at the sweep.
        for _ in 0..<10 { _ = limiter.take(Self.one, now: 0.5) }
        _ = limiter.take(Self.two, now: 1.0)
        #expect(limiter.trackedSources == 2, "the 5,000 refilled buckets went; the one still refilling and the new one stay")
        let left = (0..<10).filter { _ in limiter.take(Self.one, now: 1.0) }.count
        #expect(left == 5, "the kept bucket remembers what its source spent: half refilled after 0.5 s")
    }

    @Test func sourcesBeyondTheBoundShareOneBucket() {
        var limiter = SourceRateLimiter(rate: 10, burst: 3, maxSources: 4, now: 0)
        let sources = (0..<20).map { AdmissionSource(ipv4: (10, 0, 0, UInt8($0))) }
        let admitted = sources.map { limiter.take($0, now: 0) }
        #expect(limiter.trackedSources == 4)
        #expect(admitted.prefix(4).allSatisfy { $0 }, "the first four have buckets of their own")
        #expect(admitted.dropFirst(4).filter { $0 }.count == 3, "the other sixteen share one burst of 3")
    }

    // MARK: Open per source

    @Test func aSourceHoldsUpToItsLimitAndIsForgottenAtZero() {
        var counter = SourceCounter(limit: 2)
        let opened = [Self.one, Self.one, Self.one, Self.two].map { counter.open($0) }
        #expect(opened == [true, true, false, true])
        #expect(counter.count(of: Self.one) == 2)
        counter.close(Self.one)
        let again = counter.open(Self.one)
        #expect(again)
        for _ in 0..<5 { counter.close(Self.one) }
        #expect(counter.count(of: Self.one) == 0, "closing more than was opened stops at zero")
        counter.close(Self.two)
        #expect(counter.trackedSources == 0)
    }

    // MARK: The refusal log

    @Test func aRefusedSourceIsLoggedOnceAMinuteWithWhatWentUnlogged() {
        var log = RefusalLogLimiter(interval: 60, now: 0)
        #expect(log.note(Self.one, now: 0) == 0)
        let quiet = (1..<500).compactMap { log.note(Self.one, now: Double($0) / 10) }
        #expect(quiet.isEmpty, "499 refusals within the minute: no line")
        #expect(log.note(Self.two, now: 10) == 0, "another source has its own minute")
        #expect(log.note(Self.one, now: 60) == 499)
        #expect(log.note(Self.one, now: 61) == nil)
        #expect(log.note(Self.one, now: 121) == 1)
    }

    @Test func theRefusalLogForgetsQuietSourcesAndBoundsTheRest() {
        var log = RefusalLogLimiter(interval: 60, maxSources: 100, now: 0)
        for index in 0..<100 { #expect(log.note(AdmissionSource(ipv4: (10, 1, 0, UInt8(index))), now: 0) == 0) }
        #expect(log.trackedSources == 100)
        // Beyond the bound: one line a minute for all of them together.
        #expect(log.note(AdmissionSource(ipv4: (10, 2, 0, 1)), now: 1) == 0)
        #expect(log.note(AdmissionSource(ipv4: (10, 2, 0, 2)), now: 2) == nil)
        _ = log.note(Self.one, now: 61)
        #expect(log.trackedSources == 1, "the minute is over: only the new source is remembered")
    }

    // MARK: Sources

    @Test func sourcesAreIPv4AddressesAndIPv6Networks() throws {
        #expect(Self.one.description == "203.0.113.7")
        let a = try #require(AdmissionSource(ipAddress: "2001:db8:1:2::1"))
        let b = try #require(AdmissionSource(ipAddress: "2001:db8:1:2:ffff:ffff:ffff:9"))
        let c = try #require(AdmissionSource(ipAddress: "2001:db8:1:3::1"))
        #expect(a == b, "one /64")
        #expect(a != c)
        #expect(a.description == "2001:db8:1:2::/64")
        #expect(AdmissionSource(ipAddress: "::ffff:203.0.113.7") == Self.one, "an IPv4 address written as IPv6")
        #expect(AdmissionSource(ipAddress: "127.0.0.1") != AdmissionSource(ipAddress: "127.0.0.2"))
        for text in ["", "1.2.3", "1.2.3.4:22", "example.com", "fe80::1%eth0", "1.2.3.4 ", "::g", "01.2.3.4x"] {
            #expect(AdmissionSource(ipAddress: text) == nil, "\(text.debugDescription)")
        }
        #expect(AdmissionSource(try SocketAddress(ipAddress: "203.0.113.7", port: 51634)) == Self.one)
        #expect(AdmissionSource(try SocketAddress(ipAddress: "2001:db8:1:2::77", port: 22)) == a)
        #expect(AdmissionSource(try SocketAddress(ipAddress: "::ffff:203.0.113.7", port: 22)) == Self.one)
        #expect(AdmissionSource(try SocketAddress(unixDomainSocketPath: "/tmp/x.sock")) == .local)
    }

    // MARK: Admission control

    @Test func aBurstOfAHundredFromOneSourceAdmitsTheBurstAndLogsOneRefusal() {
        let time = ManualTime()
        let control = AdmissionControl(policy: AdmissionPolicy(ratePerSecond: 10, burst: 10), clock: time.clock)
        var admitted = 0
        var refusals: [AdmissionRefusal] = []
        for _ in 0..<100 {
            switch control.admit(Self.one) {
            case .admitted: admitted += 1
            case .refused(let refusal): refusals.append(refusal)
            }
        }
        #expect(admitted == 10)
        #expect(refusals.count == 90)
        #expect(refusals.allSatisfy { $0.reason == .rate && $0.source == Self.one })
        #expect(refusals.filter(\.shouldLog).count == 1, "one line for the source")
        #expect(Self.isAdmitted(control.admit(Self.two)), "another source is served")
        time.advance(0.1)
        #expect(Self.isAdmitted(control.admit(Self.one)), "and the first again after 100 ms")
        time.advance(60)
        let burst = (0..<11).map { _ in control.admit(Self.one) }
        #expect(burst.prefix(10).allSatisfy(Self.isAdmitted), "the bucket is full again")
        guard case .refused(let next) = burst[10] else {
            Issue.record("the eleventh in a burst is refused")
            return
        }
        #expect(next.shouldLog && next.unloggedBefore == 89, "a minute later: one line counting the 89 unlogged")
    }

    @Test func heldAdmissionsAreLimitedPerSourceUntilReleased() {
        let time = ManualTime()
        let control = AdmissionControl(policy: AdmissionPolicy(ratePerSecond: 0, maxOpenPerSource: 3), clock: time.clock)
        let tickets = (0..<3).compactMap { _ -> AdmissionTicket? in
            if case .admitted(let ticket) = control.admit(Self.one) { return ticket }
            return nil
        }
        #expect(tickets.count == 3)
        guard case .refused(let refusal) = control.admit(Self.one) else {
            Issue.record("a fourth held at once is refused")
            return
        }
        #expect(refusal.reason == .tooManyOpen)
        #expect(Self.isAdmitted(control.admit(Self.two)))
        tickets[0].release()
        tickets[0].release()
        #expect(control.openCount(of: Self.one) == 2, "a ticket released twice gives back one place")
        #expect(Self.isAdmitted(control.admit(Self.one)))
    }

    @Test func aSourceRefusedForWhatItHoldsKeepsItsRate() {
        let time = ManualTime()
        let control = AdmissionControl(policy: AdmissionPolicy(ratePerSecond: 1, burst: 2, maxOpenPerSource: 1), clock: time.clock)
        guard case .admitted(let ticket) = control.admit(Self.one) else {
            Issue.record("the first is admitted")
            return
        }
        for _ in 0..<50 { #expect(!Self.isAdmitted(control.admit(Self.one))) }
        ticket.release()
        #expect(Self.isAdmitted(control.admit(Self.one)), "the 50 refusals spent no token: the burst's second is left")
    }

    @Test func theCallersOwnRefusalsShareTheMinute() {
        let time = ManualTime()
        let control = AdmissionControl(policy: .unlimited, clock: time.clock)
        #expect(control.noteRefusal(of: Self.one) == 0)
        #expect(control.noteRefusal(of: Self.one) == nil)
        time.advance(60)
        #expect(control.noteRefusal(of: Self.one) == 1)
        #expect((0..<1000).allSatisfy { _ in Self.isAdmitted(control.admit(Self.one)) }, "no rate limit at rate 0")
    }

    @Test func admissionsFromManyThreadsAtOnceAdmitExactlyTheBurst() {
        let time = ManualTime()
        let control = AdmissionControl(policy: AdmissionPolicy(ratePerSecond: 5, burst: 25, maxOpenPerSource: 1000), clock: time.clock)
        let admitted = Tally()
        DispatchQueue.concurrentPerform(iterations: 2000) { _ in
            if Self.isAdmitted(control.admit(Self.one)) { admitted.add() }
        }
        #expect(admitted.count == 25)
        #expect(control.openCount(of: Self.one) == 25)
        #expect(control.trackedSources.rates == 1)
    }

    static func isAdmitted(_ decision: AdmissionDecision) -> Bool {
        if case .admitted = decision { return true }
        return false
    }
}
