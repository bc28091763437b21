// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Release builds on Linux lay out the code a run of the app uses together, in the order of
// `Sources/storyboard/hot-code.txt` (made by `Scripts/hot-code.sh`): the kernel maps a
// program's pages sixteen at a time around each one it reads, so code used at start and on
// each key, scattered through 15 MB of program, kept 9.7 MB resident. Each function of our
// modules gets a section of its own, which gold places in the file's order; the linker is
// named, as the option is gold's, and left out where gold is not installed (the program is
// the same, only larger in memory). See docs/DECISIONS.md, 2026-11-26.
let hotCodeOrder = Context.packageDirectory + "/Sources/storyboard/hot-code.txt"
let laysOutHotCode = FileManager.default.fileExists(atPath: "/usr/bin/ld.gold")
    && FileManager.default.fileExists(atPath: hotCodeOrder)
let functionSections: [SwiftSetting] =
    laysOutHotCode ? [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))] : []
// The same for the C of the app's signal handling, which runs at every start.
let cFunctionSections: [CSetting] =
    laysOutHotCode ? [.unsafeFlags(["-ffunction-sections"], .when(platforms: [.linux], configuration: .release))] : []
let hotCodeFirst: [LinkerSetting] =
    laysOutHotCode
    ? [.unsafeFlags(["-use-ld=gold", "-Xlinker", "--section-ordering-file=" + hotCodeOrder], .when(platforms: [.linux], configuration: .release))]
    : []

let package = Package(
    name: "storyboard",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Flow", targets: ["Flow"]),
        .library(name: "TUI", targets: ["TUI"]),
        .executable(name: "storyboard", targets: ["storyboard"]),
        .executable(name: "storyboard-server", targets: ["storyboard-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `storyboard serve` only: the SSH server (see docs/DECISIONS.md, 2026-11-24).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `storyboard serve --store postgres://…` only: the shared store's connections, in the
        // server (see docs/DECISIONS.md, 2026-11-28).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The storyboard runtime: Swift, no terminal; libxml2 reads the files.
        .target(name: "Flow", dependencies: ["CLibXML2"], swiftSettings: functionSections),
        // The storyboard parser: libxml2's SAX2 interface, through a small shim.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The bundled storyboard files, as SwiftPM resources.
        .target(
            name: "BundledStoryboards",
            path: "Resources",
            sources: ["BundledStoryboards.swift"],
            resources: [.copy("storyboards")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The terminal's C import: wide-character ncurses and a few macro wrappers. Not found
        // through pkg-config: ncursesw's Cflags are feature macros SwiftPM refuses (with a
        // warning on every build), and the shim sets what they are for itself; the module
        // map names the libraries (see docs/DECISIONS.md, 2026-11-25).
        .systemLibrary(name: "CCurses"),
        // The app's signal handling: signals to a pipe the terminal polls, and the terminal
        // put back when the process dies (async-signal-safe, so C).
        .target(name: "CTerminalSignals", cSettings: cFunctionSections),
        // The terminal shell: cell buffer, renderers, key maps, and the ncurses back end.
        .target(
            name: "TUI", dependencies: ["Flow", "CCurses", "CTerminalSignals"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")] + functionSections),
        // SQLite, the system library, for the demos' store; a shim header as for curses.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The demo apps' controllers and their SQLite store. Members of a module are visible only
        // where it is imported, so nothing reaches full Foundation through another import.
        .target(
            name: "Demos",
            dependencies: ["Flow", "CSQLite"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")] + functionSections
        ),
        // Settings for Swift's crash backtracer, made before the runtime starts (see startup.c).
        .target(name: "CStartup"),
        // What the SSH server needs from C: async-signal-safe handlers and process spawning flags.
        .target(name: "CServe"),
        // `storyboard serve`: the SSH server, host key, authorized keys and session processes.
        .target(
            name: "Serve",
            dependencies: [
                "Flow", "CServe", "CommandSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The web page's files (`storyboard serve --http`), served from memory.
            resources: [.copy("Web/Assets")]
        ),
        // `storyboard serve --store postgres://…`: the shared store on PostgreSQL, its schema,
        // the session processes' requests and `--import`. Only the server links it.
        .target(
            name: "PostgresStore",
            dependencies: [
                "Demos", "Flow",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What both programs' commands share: naming a storyboard, reading it, failing alike.
        .target(
            name: "CommandSupport",
            dependencies: ["Flow", "BundledStoryboards", "CStartup", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")] + functionSections),
        // The app: everything but the SSH server, which is a program of its own so that the
        // app, started by every session, carries none of it.
        .executableTarget(
            name: "storyboard",
            dependencies: [
                "Flow", "TUI", "Demos", "BundledStoryboards", "CStartup", "CommandSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["hot-code.txt"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")] + functionSections,
            linkerSettings: hotCodeFirst
        ),
        // `storyboard serve` (which `storyboard` hands over to): the SSH server.
        .executableTarget(
            name: "storyboard-server",
            dependencies: [
                "Serve", "Flow", "Demos", "PostgresStore", "BundledStoryboards", "CStartup", "CommandSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A child process for the store's kill -9 and two-writer tests, and the end-to-end drills'
        // look into the store; not a product.
        .executableTarget(
            name: "store-helper", dependencies: ["Demos"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // Benchmarks of the runtime (see docs/benchmarks.md); not a product.
        .executableTarget(name: "flow-bench", dependencies: ["Flow", "Demos"], path: "Benchmarks/flow-bench"),
        .target(name: "TestSupport", dependencies: ["Flow"], path: "Tests/TestSupport"),
        .testTarget(
            // CLibXML2 so a test can watch libxml2's global error handlers.
            name: "FlowTests", dependencies: ["Flow", "TestSupport", "CLibXML2"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Flow", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(
            name: "DemosTests",
            dependencies: [
                "Demos", "CSQLite", "TUI", "Flow", "BundledStoryboards", "TestSupport", "store-helper",
            ],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
        // The store's contract on both implementations, and the shared store on a throwaway
        // PostgreSQL cluster of its own.
        .testTarget(
            name: "StoreContractTests",
            dependencies: ["Demos", "PostgresStore", "TestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "Flow", "CommandSupport", "storyboard", "storyboard-server", "store-helper"]),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "Serve", "TestSupport",
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
