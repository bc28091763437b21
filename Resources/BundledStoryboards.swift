import Foundation

/// The storyboard files shipped with the app, found from any working directory.
public enum BundledStoryboards {
    /// The folder holding the bundled `.storyboard` files.
    public static var directory: URL {
        (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("storyboards", isDirectory: true)
    }

    /// The bundled file whose name matches `name` case-insensitively (`dailybuzz`,
    /// `DailyBuzz.storyboard`), if any.
    public static func url(named name: String) -> URL? {
        let wanted = name.lowercased().replacingOccurrences(of: ".storyboard", with: "")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard let match = files.first(where: {
            $0.hasSuffix(".storyboard") && $0.dropLast(11).lowercased() == wanted
        }) else { return nil }
        return directory.appendingPathComponent(match)
    }

    /// The names of the bundled storyboards, without extension, sorted.
    public static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".storyboard") }.map { String($0.dropLast(11)) }.sorted()
    }
}
