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
