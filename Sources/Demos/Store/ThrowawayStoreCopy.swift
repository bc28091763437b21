#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A copy of the demos' store in a temporary folder of its own, removed when the copy is
/// released: what a headless render works on, so that the keys it sends (an added brew, a
/// renamed colour) never reach the user's real store.
///
/// The original is only read, with one read transaction, so a store another process is
/// writing is copied whole; nothing is created beside it (no lock file, no journal). With
/// no store in the data folder the copy is a new store, seeded with the sample data as a
/// first run would be.
public final class ThrowawayStoreCopy {
    /// The copy, open.
    public let store: DemoStore
    /// The temporary folder that holds it.
    public let directory: URL

    /// Copies the store in `dataDirectory` (or makes a new one) into a new temporary folder
    /// and opens the copy. Errors name the data folder or the store file.
    /// With no `dataDirectory`, the copy is a new store of the sample data alone.
    public init(of dataDirectory: URL?) throws(StoreError) {
        let original = dataDirectory?.appendingPathComponent(DemoStore.fileName, isDirectory: false).path
        let directory = try StoreDirectory.makeTemporary(prefix: "storyboard-data")
        do {
            if let original, try StoreDirectory.exists(original) {
                try Self.copy(original, to: directory.appendingPathComponent(DemoStore.fileName, isDirectory: false).path)
            }
            store = try DemoStore.open(dataDirectory: directory)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        self.directory = directory
    }

    deinit {
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func copy(_ original: String, to copy: String) throws(StoreError) {
        do {
            let source = try SQLiteConnection(readingOnly: original)
            try source.setBusyTimeout(milliseconds: Int32((DemoStore.busyTimeout * 1000).rounded()))
            try source.copy(to: copy)
            try source.close()
        } catch {
            throw .openFailed(path: original, reason: "cannot read it to make a copy: " + DemoStore.openReason(error))
        }
    }
}
