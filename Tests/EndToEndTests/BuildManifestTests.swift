import Foundation
import Testing
import TestSupport

/// The package builds without a warning: every C library found through pkg-config gives
/// only the flags SwiftPM accepts from it. (SwiftPM drops any other flag of a `.pc` file and
/// says so on every build: ncursesw's `-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600` did.)
@Suite struct BuildManifestTests {
    /// The manifest, found from this file: Tests/EndToEndTests/ → the package root.
    static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift")

    /// The pkg-config names the manifest gives system library targets.
    static func pkgConfigNames() throws -> [String] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"pkgConfig:\s*"([^"]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func theManifestNamesItsPkgConfigPackages() throws {
        #expect(try Self.pkgConfigNames() == ["libxml-2.0", "sqlite3"])
    }

    /// Needs pkg-config, which .ci/run installs.
    @Test func everyPkgConfigPackageGivesOnlyFlagsSwiftPMAccepts() throws {
        for name in try Self.pkgConfigNames() {
            let cflags = try Tmux.run(["pkg-config", "--cflags", name])
            #expect(cflags.status == 0, "\(name): \(cflags.output)")
            let refused = cflags.output.split(whereSeparator: \.isWhitespace)
                .filter { !$0.hasPrefix("-I") && !$0.hasPrefix("-F") }
            #expect(refused.isEmpty, "\(name) gives C flags SwiftPM refuses, with a warning on every build: \(refused)")
            let libs = try Tmux.run(["pkg-config", "--libs", name])
            let refusedLibs = libs.output.split(whereSeparator: \.isWhitespace)
                .filter { flag in !["-L", "-l", "-F", "-framework"].contains { flag.hasPrefix($0) } }
            #expect(refusedLibs.isEmpty, "\(name) gives linker flags SwiftPM refuses: \(refusedLibs)")
        }
    }
}
