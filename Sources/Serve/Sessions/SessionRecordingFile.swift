import Foundation
import Glibc

/// The file a recorded session is written to (`storyboard serve --record-dir`): one per
/// session, named by when it started (UTC) and who it was, so an operator finds a session
/// from a log line or a key: `20261125T143012Z-FINGERPRINT.cast`, with `-2`, `-3`… when a
/// key starts two sessions in the same second, and `anonymous` for `--open` sessions
/// without a key.
///
/// The server claims the name (creating the file empty, readable by its owner only) before the
/// session's program starts; the program then records into it (`storyboard run --record`).
enum SessionRecordingFile {
    /// Creates a new, empty file in `directory` for a session of `who` starting at `time`,
    /// and returns its path.
    static func claim(in directory: URL, startedAt time: time_t, who: String) throws(SessionError) -> String {
        let stem = timeStamp(time) + "-" + who
        for attempt in 1...1000 {
            let name = attempt == 1 ? stem + ".cast" : stem + "-\(attempt).cast"
            let path = directory.appendingPathComponent(name).path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                return path
            }
            guard errno == EEXIST else {
                throw .system("cannot create the recording \(DiagnosticNames.shown(path, limit: 200))", errno)
            }
        }
        throw .failed("cannot create a recording in \(DiagnosticNames.shown(directory.path, limit: 200)): every name is taken")
    }

    /// `20261125T143012Z`: the UTC time, sortable as text.
    static func timeStamp(_ time: time_t) -> String {
        var value = time
        var parts = tm()
        gmtime_r(&value, &parts)
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    /// Removes the file if nothing was recorded into it (the program never drew a screen).
    static func removeIfEmpty(_ path: String) {
        var status = stat()
        if stat(path, &status) == 0, status.st_size == 0 { unlink(path) }
    }
}
