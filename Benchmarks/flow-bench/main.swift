// Benchmarks of the storyboard runtime and the demo store. Each command prints result
// lines `name<TAB>value<TAB>unit` on standard output (collected by Benchmarks/run.sh) and a
// readable account on standard error. See docs/benchmarks.md.
import Demos
import Flow
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: flow-bench generate SCENES FILE      write a generated storyboard of SCENES scenes
           flow-bench chain SCENES FILE         write a navigation chain of SCENES scenes, every tenth segue modal
           flow-bench app STORYBOARDS DIR       write an app's folder of STORYBOARDS storyboards (DIR/App), and its main one alone (DIR/Lone)
           flow-bench load FILE [REPEATS]       time loading and validating FILE (median)
           flow-bench memory FILE               peak and resident memory after loading FILE
           flow-bench navigation                push+pop round trips on a navigation controller
           flow-bench unwind [DEPTH]            an unwind across DEPTH levels (default 100)
           flow-bench seed DIR SESSIONS         make the Daily Buzz store in DIR hold SESSIONS sessions
           flow-bench pages DIR                 time counting the sessions and reading pages of 64
           flow-bench open DIR                  time opening the store and reading the list's first page
    """

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail(usage) }

/// glibc's `malloc_trim`, which the Glibc module does not export.
@_silgen_name("malloc_trim")
func trimMalloc(_ pad: Int) -> Int32

func loadOnce(_ url: URL) -> LoadedStoryboard {
    do {
        return try StoryboardLoader.load(contentsOf: url)
    } catch {
        fail("\(url.path) did not load: \(error.diagnostics.prefix(3).map(\.description).joined(separator: "; "))")
    }
}

switch command {
case "generate", "chain":
    guard arguments.count == 3, let scenes = Int(arguments[1]), scenes > 0 else { fail(usage) }
    let xml = command == "chain" ? StoryboardGenerator.chainXML(scenes: scenes) : StoryboardGenerator.xml(scenes: scenes)
    do {
        try Data(xml.utf8).write(to: URL(fileURLWithPath: arguments[2]))
    } catch {
        fail("cannot write \(arguments[2]): \(error)")
    }
    FileHandle.standardError.write(Data("wrote \(arguments[2]): \(xml.utf8.count) bytes\n".utf8))

case "app":
    guard arguments.count == 3, let storyboards = Int(arguments[1]), storyboards > 1 else { fail(usage) }
    do {
        try AppGenerator.write(storyboards: storyboards, to: URL(fileURLWithPath: arguments[2], isDirectory: true))
    } catch {
        fail("cannot write \(arguments[2]): \(error)")
    }
    FileHandle.standardError.write(Data("wrote \(arguments[2]): an app of \(storyboards) storyboards\n".utf8))

case "load":
    guard (2...3).contains(arguments.count) else { fail(usage) }
    let url = URL(fileURLWithPath: arguments[1])
    let repeats = arguments.count == 3 ? Int(arguments[2]) ?? 7 : 7
    let first = loadOnce(url)
    let scenes = first.document.controllers.count
    var samples = Samples()
    for _ in 0..<max(1, repeats) {
        samples.add(time { _ = loadOnce(url) })
    }
    report("load.scenes", Double(scenes), "controllers")
    report("load.warnings", Double(first.warnings.count), "warnings")
    report("load.median", samples.median, "s", formatted(samples.median))
    report("load.min", samples.minimum, "s", formatted(samples.minimum))

case "memory":
    guard arguments.count == 2 else { fail(usage) }
    let url = URL(fileURLWithPath: arguments[1])
    let baseline = procStatus("VmHWM") ?? 0
    let baselineRSS = procStatus("VmRSS") ?? 0
    let loaded = loadOnce(url)
    let peak = procStatus("VmHWM") ?? 0
    let resident = procStatus("VmRSS") ?? 0
    report("memory.scenes", Double(loaded.document.controllers.count), "controllers")
    report("memory.baselineHWM", Double(baseline), "bytes")
    report("memory.peakHWM", Double(peak), "bytes")
    // Freed parser memory stays mapped until malloc gives it back; trim to see what the
    // document itself keeps.
    _ = trimMalloc(0)
    let kept = procStatus("VmRSS") ?? 0
    report("memory.residentAfter", Double(resident - baselineRSS), "bytes", "resident growth just after the load")
    report("memory.documentKept", Double(kept - baselineRSS), "bytes", "resident growth with the document kept, after malloc_trim")
    withExtendedLifetime(loaded) {}

case "navigation":
    // (name, instantiate from the storyboard, trace capacity, prefill, clear before each batch)
    let cases: [(String, Bool, Int?, Int, Bool)] = [
        ("pushpop.code.traceFilling", false, nil, 0, true),
        ("pushpop.code.traceFull", false, nil, 2_000, false),
        ("pushpop.code.traceCapacity0", false, 0, 0, false),
        ("pushpop.storyboard.traceFilling", true, nil, 0, true),
        ("pushpop.storyboard.traceFull", true, nil, 2_000, false),
    ]
    for (name, fromStoryboard, capacity, prefill, clears) in cases {
        let result = NavigationBenchmarks.pushPop(
            fromStoryboard: fromStoryboard, traceCapacity: capacity, prefill: prefill, clearsTrace: clears)
        report(name, result.median, "s", "\(formatted(result.median)) median, \(formatted(result.p95)) p95 over batches; trace holds \(result.traceCount), \(result.eventsPerRoundTrip) events per round trip")
    }

case "unwind":
    let depth = arguments.count >= 2 ? Int(arguments[1]) ?? 100 : 100
    let result = NavigationBenchmarks.unwind(depth: depth, repetitions: 201)
    report("unwind.depth", Double(depth), "levels")
    report("unwind.median", result.median, "s", "\(formatted(result.median)) median, \(formatted(result.p95)) p95")
    report("unwind.buildMedian", result.build, "s", "building the stack: \(formatted(result.build))")

case "seed":
    guard arguments.count == 3, let wanted = Int(arguments[2]), wanted >= 0 else { fail(usage) }
    let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
    do {
        let store = try DemoStore.open(dataDirectory: directory)
        let existing = try store.sessionCount()
        if wanted > existing {
            // Dated before the samples so the first screen shows the same rows at any size.
            let oldest = Date().addingTimeInterval(-8 * 86_400)
            try store.insertSampleSessions(count: wanted - existing, endingAt: oldest)
        }
        let total = try store.sessionCount()
        report("seed.sessions", Double(total), "sessions")
    } catch {
        fail("cannot seed \(directory.path): \(error)")
    }

case "pages":
    guard arguments.count == 2 else { fail(usage) }
    do {
        let store = try DemoStore.open(dataDirectory: URL(fileURLWithPath: arguments[1], isDirectory: true))
        let total = try store.sessionCount()
        func timed(_ name: String, _ body: () throws -> Void) throws {
            try body()
            var samples = Samples()
            for _ in 0..<51 { samples.add(try time(body)) }
            report(name, samples.median, "s", formatted(samples.median))
        }
        report("pages.sessions", Double(total), "sessions")
        try timed("pages.count") { _ = try store.sessionCount() }
        try timed("pages.first") { _ = try store.sessions(offset: 0, limit: 64) }
        try timed("pages.middle") { _ = try store.sessions(offset: total / 2, limit: 64) }
        try timed("pages.last") { _ = try store.sessions(offset: max(0, total - 64), limit: 64) }
    } catch {
        fail("\(error)")
    }

case "open":
    // What a launch pays for the store: open it (the directory, the lock, the connection,
    // the schema check) and read the list's first page; the first time in this process, with
    // every lazy set-up included, then again and again.
    guard arguments.count == 2 else { fail(usage) }
    let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
    func openAndReadFirstPage() throws {
        let store = try DemoStore.open(dataDirectory: directory)
        _ = try store.sessionCount()
        _ = try store.sessions(offset: 0, limit: 64)
        try store.close()
    }
    do {
        let baseline = procStatus("VmHWM") ?? 0
        let first = try time(openAndReadFirstPage)
        let peak = procStatus("VmHWM") ?? 0
        var samples = Samples()
        for _ in 0..<51 { samples.add(try time(openAndReadFirstPage)) }
        report("open.first", first.seconds, "s", formatted(first.seconds) + ", the first in this process")
        report("open.median", samples.median, "s", formatted(samples.median) + " afterwards")
        report("open.peakGrowth", Double(peak - baseline), "bytes", "peak memory added by the first open and page")
    } catch {
        fail("\(error)")
    }

default:
    fail(usage)
}
