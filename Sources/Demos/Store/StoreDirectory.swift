import Foundation

/// Where the store lives, and making sure that place exists and is private.
enum StoreDirectory {
    /// `$XDG_DATA_HOME/storyboard`, or `~/.local/share/storyboard`.
    ///
    /// The XDG base directory spec says a relative `XDG_DATA_HOME` is invalid and must be
    /// ignored, so only an absolute one is honoured.
    static func defaultURL(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("storyboard", isDirectory: true)
        }
        let home: URL
        if let value = environment["HOME"], value.hasPrefix("/") {
            home = URL(fileURLWithPath: value, isDirectory: true)
        } else {
            home = FileManager.default.homeDirectoryForCurrentUser
        }
        return home
            .appendingPathComponent(".local", isDirectory: true)
            .appendingPathComponent("share", isDirectory: true)
            .appendingPathComponent("storyboard", isDirectory: true)
    }

    /// Creates `url` (and missing parents) with mode 0700; an existing directory keeps its mode,
    /// because the user may have chosen to share it.
    static func prepare(_ url: URL) throws(StoreError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .directoryUnavailable(path: path, reason: "a file with this name exists and is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            // Another process may have created it between the check and here.
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return
            }
            throw .directoryUnavailable(path: path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let message = strerror(Int32(underlying.code)) {
            return String(cString: message)
        }
        return nsError.localizedDescription
    }
}
