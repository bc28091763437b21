/// The store's schema history. Migrations are append-only: a released one is never edited,
/// so a store written by any earlier version opens with the current code. The identifiers are
/// the ones the GRDB version recorded, so its stores count as migrated.
enum StoreMigrations {
    static let coffeesAndBrewSessions = "v1: coffees and brew sessions"
    static let colors = "v1: colors"
    static let appState = "v1: app state and store metadata"
    static let sessionCount = "v2: a running count of brew sessions"

    /// Every identifier, in the order they are applied.
    static let identifiers = [coffeesAndBrewSessions, colors, appState, sessionCount]

    static let migrator = SQLiteMigrator(migrations: [
        // AUTOINCREMENT so a deleted session's id is never handed to a new one: a window
        // holding a stale id must not open somebody else's cup.
        SQLiteMigrator.Migration(identifier: coffeesAndBrewSessions, sql: """
            CREATE TABLE coffee (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL UNIQUE,
                origin TEXT
            );
            CREATE TABLE brewSession (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                coffeeId INTEGER NOT NULL REFERENCES coffee(id) ON DELETE RESTRICT,
                temperatureF INTEGER NOT NULL CHECK (temperatureF BETWEEN 32 AND 212),
                brewedAt DATETIME NOT NULL
            );
            -- Newest-first paging walks this index; the id column makes the order total
            -- so that no sort step is needed (checked by a test on the query plan).
            CREATE INDEX brewSession_on_brewedAt ON brewSession(brewedAt DESC, id DESC);
            CREATE INDEX brewSession_on_coffeeId ON brewSession(coffeeId);
            """),
        SQLiteMigrator.Migration(identifier: colors, sql: """
            CREATE TABLE color (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                red REAL NOT NULL CHECK (red BETWEEN 0 AND 1),
                green REAL NOT NULL CHECK (green BETWEEN 0 AND 1),
                blue REAL NOT NULL CHECK (blue BETWEEN 0 AND 1),
                position INTEGER NOT NULL
            );
            CREATE INDEX color_on_position ON color(position, id);
            """),
        SQLiteMigrator.Migration(identifier: appState, sql: """
            CREATE TABLE appState (
                key TEXT PRIMARY KEY NOT NULL,
                value BLOB NOT NULL
            );
            CREATE TABLE storeMetadata (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            );
            """),
        // COUNT(*) walks a whole index: at a million sessions, thousands of page reads before
        // the list's first screen. Triggers keep the number instead.
        SQLiteMigrator.Migration(identifier: sessionCount, sql: """
            CREATE TABLE brewSessionCount (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                count INTEGER NOT NULL CHECK (count >= 0)
            );
            INSERT INTO brewSessionCount (id, count) SELECT 1, COUNT(*) FROM brewSession;
            CREATE TRIGGER brewSession_counted_on_insert AFTER INSERT ON brewSession
            BEGIN UPDATE brewSessionCount SET count = count + 1 WHERE id = 1; END;
            CREATE TRIGGER brewSession_counted_on_delete AFTER DELETE ON brewSession
            BEGIN UPDATE brewSessionCount SET count = count - 1 WHERE id = 1; END;
            """),
    ])
}
