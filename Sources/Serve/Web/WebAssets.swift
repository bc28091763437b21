import Foundation
import Glibc

/// The page's files, read once from the program's own resources (the `Assets` folder SwiftPM
/// copies beside the program, or the source tree's when run from a build folder) and served
/// from memory: nothing is read from disk per request, and no request can name a file that
/// is not in this table.
struct WebAssets: Sendable {
    /// One file as served.
    struct Asset: Sendable {
        let body: [UInt8]
        let contentType: String
        /// A strong validator: the content's hash.
        let etag: String
        /// Whether a browser may keep it without asking (the static files) or must ask each
        /// time (the page, which names them).
        let cacheControl: String

        /// The same file with another body (the page with a first screen in it).
        func with(body: [UInt8]) -> Asset {
            Asset(body: body, contentType: contentType, etag: "\"\(WebAssets.hash(body))\"", cacheControl: cacheControl)
        }
    }

    /// By URL path: `/` is the page, `/static/NAME` the rest.
    let files: [String: Asset]

    /// The page itself (served for `/` and for `/NAME`).
    var page: Asset? { files["/"] }

    /// The terminal the page runs, as `TERM_PROGRAM` and `TERM_PROGRAM_VERSION` name it to
    /// the app (the version `xterm.js`'s own header states; a test holds them together).
    static let terminalProgram = "xterm.js"
    static let terminalVersion = "3.8.1"

    /// The files the page needs, by name in the `Assets` folder, with their types.
    static let manifest: [(name: String, path: String, type: String)] = [
        ("index.html", "/", "text/html; charset=utf-8"),
        ("app.js", "/static/app.js", "text/javascript; charset=utf-8"),
        ("app.css", "/static/app.css", "text/css; charset=utf-8"),
        ("xterm.js", "/static/xterm.js", "text/javascript; charset=utf-8"),
        ("xterm.css", "/static/xterm.css", "text/css; charset=utf-8"),
        ("xterm-LICENSE.txt", "/static/xterm-LICENSE.txt", "text/plain; charset=utf-8"),
        // Subsets of DejaVu Sans Mono and GNU Unifont with every symbol the app draws
        // (`Scripts/web-fonts.py` makes them; `coverage.txt` says what each maps).
        ("fonts/storyboard-mono.woff2", "/static/fonts/storyboard-mono.woff2", "font/woff2"),
        ("fonts/storyboard-symbols.woff2", "/static/fonts/storyboard-symbols.woff2", "font/woff2"),
        ("fonts/storyboard-emoji.woff2", "/static/fonts/storyboard-emoji.woff2", "font/woff2"),
        ("fonts/DejaVu-LICENSE.txt", "/static/fonts/DejaVu-LICENSE.txt", "text/plain; charset=utf-8"),
        ("fonts/Unifont-LICENSE.txt", "/static/fonts/Unifont-LICENSE.txt", "text/plain; charset=utf-8"),
        ("fonts/GPL-2.txt", "/static/fonts/GPL-2.txt", "text/plain; charset=utf-8"),
    ]

    /// Reads every file of the manifest from `directory`; nil names the first one missing.
    static func load(from directory: String = assetsDirectory()) -> Result<WebAssets, WebAssetsError> {
        var files: [String: Asset] = [:]
        for entry in manifest {
            let path = directory + "/" + entry.name
            guard let data = FileManager.default.contents(atPath: path) else { return .failure(WebAssetsError(path: path)) }
            let body = [UInt8](data)
            files[entry.path] = Asset(
                body: body, contentType: entry.type, etag: "\"\(hash(body))\"",
                cacheControl: entry.path == "/" ? "no-store" : "public, max-age=3600")
        }
        let style = Array(FirstScreenStyle.css.utf8)
        files["/static/screen.css"] = Asset(
            body: style, contentType: "text/css; charset=utf-8", etag: "\"\(hash(style))\"", cacheControl: "public, max-age=3600")
        return .success(WebAssets(files: files))
    }

    /// The folder SwiftPM copies beside the program, else the source tree's.
    static func assetsDirectory() -> String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        if length > 0 {
            let program = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let beside = (program as NSString).deletingLastPathComponent + "/storyboard_Serve.resources/Assets"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: beside, isDirectory: &isDirectory), isDirectory.boolValue { return beside }
        }
        return (#filePath as NSString).deletingLastPathComponent + "/Assets"
    }

    /// FNV-1a, 64 bits, in hex: enough to tell versions of a file apart.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        return String(value, radix: 16)
    }
}

/// A file of the page is missing from the program's resources.
struct WebAssetsError: Error, CustomStringConvertible {
    let path: String
    var description: String { "the web page's file \(DiagnosticNames.shown(path, limit: 200)) is missing" }
}

/// The headers every answer carries: a Content-Security-Policy that lets the page run only
/// its own scripts and styles and talk only to its own server, and the usual hardening (no
/// sniffing, no referrer, no framing, no sharing with other origins).
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let all: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ]
}
