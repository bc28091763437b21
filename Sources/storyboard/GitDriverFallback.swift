import CommandSupport
import Flow
import FoundationEssentials

/// What `storyboard diff` shows as git's external diff driver when a version does not load
/// as a storyboard (a merge in progress leaves conflict markers in it; a file cut short): a
/// first line saying why, then a plain line diff of the two files, and exit status 0, as the
/// guide promises, since git gives up on the whole diff at a driver that fails.
enum GitDriverFallback {
    /// The note and the line diff of `old` and `new` (either may be `/dev/null`), `name` being
    /// the path git diffs.
    static func lineDiff(name: String, old: String, new: String) -> String {
        let shownName = DiagnosticText.escaped(name)
        var reasons: [String] = []
        var sides: [[String]] = []
        for path in [old, new] {
            guard path != "/dev/null" else {
                sides.append([])
                continue
            }
            let url = URL(fileURLWithPath: path)
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try StoryboardTarget.read(url))
            } catch {
                return StandardError.prefix + shownName + ": " + error.message + "\n"
            }
            let lines = UnloadedText.lines(of: bytes)
            do {
                _ = try StoryboardDiff.Version(data: Data(bytes), fileName: name)
            } catch {
                reasons.append((path == old ? "the old version: " : "the new version: ") + UnloadedText.reason(lines: lines, errors: error.errors))
            }
            sides.append(lines)
        }
        let note = StandardError.prefix + shownName + " compared as text, not as a storyboard: "
            + DiagnosticText.escaped(reasons.joined(separator: "; ")) + "\n"
        return note + UnloadedText.unifiedDiff(old: sides[0], new: sides[1], oldName: "a/" + shownName, newName: "b/" + shownName)
    }
}
