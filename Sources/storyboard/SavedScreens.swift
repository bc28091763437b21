import Demos
import Flow
import FoundationEssentials

/// Where a run's screens are kept for the next launch: a file in the data folder, or, for a
/// session of `storyboard serve --store`, the shared store under the same name, so the next
/// login finds them whichever server it lands on.
enum SavedScreens {
    case file(StateFile)
    case store(any Store, key: String)

    /// The prefix of the shared store's keys for saved screens (`screens/Main.restoration.json`).
    static let storeKeyPrefix = "screens/"

    /// The saved bytes, or nil when there are none or they cannot be read (the app then
    /// starts at the first scene, as with no saved state).
    func read() -> [UInt8]? {
        switch self {
        case .file(let file): return file.read()
        case .store(let store, let key): return (try? store.value(forKey: key)).flatMap { $0 }.map { [UInt8]($0) }
        }
    }

    /// Replaces what is saved; the failure is one line naming the file or the store.
    func write(_ bytes: [UInt8]) throws(SavedScreensError) {
        do {
            switch self {
            case .file(let file): try file.write(bytes)
            case .store(let store, let key): try store.setValue(Data(bytes), forKey: key)
            }
        } catch {
            throw SavedScreensError(description: "\(error)")
        }
    }

    /// Forgets what is saved; nothing saved is fine.
    func remove() {
        switch self {
        case .file(let file): file.remove()
        case .store(let store, let key): try? store.setValue(nil, forKey: key)
        }
    }
}

/// Saved screens that could not be written: what and why, in one line.
struct SavedScreensError: Error, CustomStringConvertible {
    let description: String
}
