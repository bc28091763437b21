import Foundation
import GRDB

extension DemoStore {
    /// Stores `data` under `key` (for example the restoration state of a scene), or removes the key for nil.
    public func setValue(_ data: Data?, forKey key: String) throws(StoreError) {
        try write("saving app state") { db in
            if let data {
                try db.execute(
                    sql: "INSERT INTO appState (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, data])
            } else {
                try db.execute(sql: "DELETE FROM appState WHERE key = ?", arguments: [key])
            }
        }
    }

    /// The data last stored under `key`, or nil.
    public func value(forKey key: String) throws(StoreError) -> Data? {
        try read("reading app state") { db in
            try Data.fetchOne(db, sql: "SELECT value FROM appState WHERE key = ?", arguments: [key])
        }
    }
}
