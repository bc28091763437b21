/// What the trace keeps of something it records, in bytes, told roughly: the value itself
/// and the text its strings hold beyond what fits inside them.
protocol TraceFootprint {
    var footprint: Int { get }
}

/// Values kept oldest first within two bounds, a count and a size in bytes
/// (``TraceFootprint``), the oldest dropped past either: the navigation trace's events and
/// its transitions. The size is what keeps a long session small whatever it records: a
/// thousand live reloads, or names a hundred characters long, take no more than a
/// thousand short pushes.
///
/// Dropping one value at a time from the front of an array moves everything after it, so
/// values past the bounds are only counted as dropped, and removed in batches once they
/// are a quarter of what is kept: each value is moved a few times on average, and the
/// array holds at most a quarter more than the bounds (and 64 values).
struct TraceHistory<Element: TraceFootprint> {
    /// How many values to keep at most; zero or less keeps none.
    var countLimit: Int
    /// How many bytes the values kept may take. The newest value is kept even when it alone
    /// is larger (the transition that just happened stays readable).
    var byteLimit: Int

    /// The values kept, preceded by `dropped` ones past the bounds and not yet removed.
    private var storage: [Element] = []
    private var dropped = 0
    /// The footprint of the values kept (those after `dropped`).
    private(set) var keptBytes = 0

    init(countLimit: Int, byteLimit: Int) {
        self.countLimit = countLimit
        self.byteLimit = byteLimit
    }

    /// The values kept, oldest first.
    var values: [Element] {
        mutating get {
            compact()
            return storage
        }
    }

    /// The newest value kept.
    var last: Element? { storage.count > dropped ? storage.last : nil }

    /// Adds `value` as the newest and drops the oldest past the bounds.
    mutating func append(_ value: Element) {
        storage.append(value)
        keptBytes += value.footprint
        let count = max(0, countLimit)
        while dropped < storage.count,
            storage.count - dropped > count || (keptBytes > byteLimit && storage.count - dropped > 1)
        {
            keptBytes -= storage[dropped].footprint
            dropped += 1
        }
        if dropped >= max(64, (storage.count - dropped) / 4) { compact() }
    }

    /// Forgets every value.
    mutating func removeAll() {
        storage.removeAll()
        dropped = 0
        keptBytes = 0
    }

    /// Removes the dropped values from the front of the storage.
    private mutating func compact() {
        guard dropped > 0 else { return }
        storage.removeFirst(dropped)
        dropped = 0
    }
}

extension String {
    /// The bytes a string keeps beside itself: none for the short ones held inside the
    /// value (15 bytes of UTF-8 on 64-bit platforms), else its UTF-8 with a heap object's
    /// header. Copies share one buffer, so a trace that counts each copy counts too much,
    /// never too little.
    var traceFootprint: Int {
        let count = utf8.count
        return count <= 15 ? 0 : 32 + count
    }
}

extension Optional<String> {
    var traceFootprint: Int { self?.traceFootprint ?? 0 }
}

extension TraceEvent: TraceFootprint {
    var footprint: Int {
        let text: Int =
            switch self {
            case .segue(let record):
                record.identifier.traceFootprint + record.source.traceFootprint + record.destination.traceFootprint
            case .transition(let record):
                record.source.traceFootprint + record.destination.traceFootprint + record.reason.traceFootprint
            case .shouldPerform(let controller, let identifier, _), .prepare(let controller, let identifier):
                controller.traceFootprint + identifier.traceFootprint
            case .unwindAction(let controller, let name), .action(let controller, let name):
                controller.traceFootprint + name.traceFootprint
            case .lifecycle(let controller, _), .released(let controller):
                controller.traceFootprint
            case .note(let text), .warning(let text):
                text.traceFootprint
            }
        return MemoryLayout<TraceEvent>.stride + text
    }
}

extension TraceTransition: TraceFootprint {
    var footprint: Int {
        MemoryLayout<TraceTransition>.stride + cause.footprint
            + entries.reduce(0) { $0 + $1.footprint }
    }
}
