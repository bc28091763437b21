#ifndef STORYBOARD_CSQLITE_SHIM_H
#define STORYBOARD_CSQLITE_SHIM_H
// The demos' store reaches SQLite, the system library, through this header.
//
// Swift imports the API as it is; only what it cannot import is wrapped here,
// `static inline`, so the module needs no compiled C.
#include <sqlite3.h>

/// `SQLITE_TRANSIENT`, a cast macro Swift cannot import: SQLite copies the
/// bound text or blob before the bind call returns, so the caller's buffer
/// may go away at once.
static inline sqlite3_destructor_type sb_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
