#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DemoStore {
    /// Stores `data` under `key` (for example the restoration state of a scene), or removes the key for nil.
    public func setValue(_ data: Data?, forKey key: String) throws(StoreError) {
        try write("saving app state") { connection in
            if let data {
                try connection.statement(
                    "INSERT INTO appState (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
                ).execute([key, data])
            } else {
                try connection.statement("DELETE FROM appState WHERE key = ?").execute([key])
            }
        }
    }

    /// The data last stored under `key`, or nil.
    public func value(forKey key: String) throws(StoreError) -> Data? {
        try read("reading app state") { connection in
            try connection.statement("SELECT value FROM appState WHERE key = ?").scalar([key], as: Data.self)
        }
    }
}

extension DemoStore {
    /// Every key and its data, by key: what `storyboard serve --import` copies to the shared store.
    public func allValues() throws(StoreError) -> [(key: String, value: Data)] {
        try read("reading app state") { connection in
            try connection.statement("SELECT key, value FROM appState ORDER BY key").rows { row throws(SQLiteError) in
                (key: try row.column(0, as: String.self), value: try row.column(1, as: Data.self))
            }
        }
    }

    /// Whether the first open of this store put the sample data in ("seeded"), chose not to
    /// ("declined"), or has not decided (nil).
    public func sampleDataDecision() throws(StoreError) -> String? {
        try read("reading the store's metadata") { connection in
            try connection.statement("SELECT value FROM storeMetadata WHERE key = ?").scalar([Self.sampleDataKey], as: String.self)
        }
    }
}
