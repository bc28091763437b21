import Foundation

/// librsvg's `rsvg-convert`, which draws an SVG as a PNG: a second reader of the screenshots,
/// the one GNOME and many documentation tools use.
public enum Rsvg {
    /// Whether `rsvg-convert` is on `PATH` (Debian's `librsvg2-bin`).
    public static var isInstalled: Bool {
        ServeProcess.executable(named: "rsvg-convert") != nil
    }

    /// The PNG `rsvg-convert` draws of `svg`; throws with its message when it refuses.
    public static func render(_ svg: String) throws -> [UInt8] {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rsvg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.svg")
        let output = directory.appendingPathComponent("out.png")
        try Data(svg.utf8).write(to: input)
        let result = try Tmux.run(["rsvg-convert", "-o", output.path, input.path])
        guard result.status == 0 else { throw TmuxError("rsvg-convert failed (\(result.status)): \(result.output)") }
        return [UInt8](try Data(contentsOf: output))
    }
}
