// swift-tools-version: 6.1
import PackageDescription

// Modules, each depending only on those above it:
//   CJansson (system library) → JSONCodec → JSONRPC (framing, ids, replies) and SDLModel (the
//   RPCs as MOBILE_API.xml declares them) → HeadUnit (the engine, which
//   knows no transport) → SimulatorHost (its doors: JSON-RPC lines) → hu-sim (the simulator
//   executable: the I/O loop, with SimConsole, its terminal front end, LineEditor, the
//   line editing at a terminal over CLibedit, and WebServer, its browser door: HTTP and
//   WebSocket on SwiftNIO, with the page it serves).
//   SDLModel → SDLManager (the library apps link) → SimulatorClient (finding, starting and
//   driving a simulator, for the demo, the tools and tests).
//   ChildProcess (starting a program on pipes, the one way a simulator is started) is below
//   SimulatorClient, Conformance, hu-fuzz, hu-bench and the tests.
//   Conformance → hu-conform runs fixture files against any simulator; hu-bench measures.
// The hot path (stdin → codec → engine → stdout) crosses these modules on every line:
// let the optimizer specialize generics across them (measured: the mixed stream went from 0.70x to 0.87x of the C echo, c779907).
let fastPath: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "sdl-head-unit-simulator",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hu-sim", targets: ["HUSim"]),
        .executable(name: "hu-conform", targets: ["HUConform"]),
        .executable(name: "hu-bench", targets: ["HUBench"]),
        .executable(name: "jansson-echo", targets: ["JanssonEcho"]),
        .library(name: "JSONCodec", targets: ["JSONCodec"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "SDLModel", targets: ["SDLModel"]),
        .library(name: "HeadUnit", targets: ["HeadUnit"]),
        .library(name: "SDLProtocol", targets: ["SDLProtocol"]),
        .library(name: "SDLManager", targets: ["SDLManager"]),
        .library(name: "SimulatorClient", targets: ["SimulatorClient"]),
        .executable(name: "hu-demo", targets: ["HUDemo"]),
        .executable(name: "hu-fuzz", targets: ["HUFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // Builds the DocC documentation of SDLManager (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .systemLibrary(name: "CLibedit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // ISA-L's CRC-32 (PutFile's checksum): carry-less multiplication, 13x zlib's table-driven one here.
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // mallopt and F_SETPIPE_SZ: hu-sim keeps freed heap and widens its input pipe (docs/performance.md).
        .systemLibrary(name: "CLinuxExtras"),
        // Line editing at a terminal (libedit): keys in, lines out, history, completion.
        .target(name: "LineEditor", dependencies: ["CLibedit", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "JSONCodec", dependencies: ["CJansson"], swiftSettings: fastPath),
        .target(name: "JSONRPC", dependencies: ["JSONCodec"], swiftSettings: fastPath),
        .target(name: "SDLModel", dependencies: ["JSONCodec", "CISAL"], swiftSettings: fastPath),
        .target(name: "HeadUnit", dependencies: ["SDLModel", "JSONCodec"], swiftSettings: fastPath),
        // SDL's own protocol (version 5): frames, BSON control payloads, message assembly. Pure.
        .target(name: "SDLProtocol"),
        // The engine's doors: JSON-RPC lines (stdio) and SDL messages (TCP), each mapped to
        // the engine's calls and back.
        // Its state is touched by one thread through one call stack per line: release builds
        // skip the runtime exclusivity checks there (debug builds and tests keep them).
        .target(
            name: "SimulatorHost", dependencies: ["HeadUnit", "SDLProtocol", "SDLModel", "JSONRPC", "JSONCodec"],
            swiftSettings: fastPath + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The terminal front end of hu-sim: shorthand, help, the drawn screen, recording.
        .target(name: "SimConsole", dependencies: ["SDLModel", "JSONRPC", "JSONCodec", .product(name: "SystemPackage", package: "swift-system")]),
        // What the tools share on the command line: one-line errors, exit status 64.
        .target(name: "CommandLineTool", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // `hu-sim --web`: the page (plain HTML, CSS and JavaScript, compiled into the binary) and
        // its HTTP/WebSocket server on SwiftNIO's own threads; it knows no engine: actions go
        // to the loop through a queue it polls, the head unit's state comes back as text.
        .target(
            name: "WebServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js")]
        ),
        .executableTarget(
            name: "HUSim",
            dependencies: [
                "CLinuxExtras", "JSONCodec", "JSONRPC", "SDLModel", "SDLProtocol",
                "HeadUnit",
                "SimulatorHost",
                "SimConsole",
                "CommandLineTool", "LineEditor", "WebServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // A release hu-sim carries the Swift runtime, as tools/install's does: loading and
            // relocating a dozen shared Swift libraries was most of its start-up (docs/performance.md).
            // Its modules are compiled against the shared FoundationEssentials (which
            // swift-argument-parser imports), whose static archive needs these two besides.
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The mobile side: the manager library apps link, driving any PROTOCOL.md peer.
        .target(
            name: "SDLManager",
            dependencies: [
                "SDLModel", "JSONRPC", "JSONCodec", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Starting a program on pipes in a process group of its own: the one way every
        // program and test of the project starts a simulator.
        .target(name: "ChildProcess", dependencies: ["CLinuxExtras"]),
        // Finding and starting a simulator, and driving it: for tests, tools and the demo, so
        // apps linking SDLManager link no code that starts processes.
        .target(
            name: "SimulatorClient",
            dependencies: [
                "SDLManager", "SDLModel", "JSONRPC", "JSONCodec", "ChildProcess",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "HUDemo",
            dependencies: [
                "SDLManager", "SimulatorClient", "SDLModel", "SimConsole", "JSONCodec", "CommandLineTool",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Conformance: the fixture format, matching, and running fixtures against any simulator.
        .target(name: "Conformance", dependencies: ["JSONCodec", "JSONRPC", "SDLModel", "SDLProtocol", "ChildProcess"]),
        .executableTarget(
            name: "HUConform",
            dependencies: ["Conformance", "SimulatorClient", "CommandLineTool", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "HUBench",
            dependencies: [
                "JSONCodec", "JSONRPC", "SDLModel", "SDLManager", "SimulatorClient", "CommandLineTool", "Conformance", "ChildProcess",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The C baseline the benchmarks compare hu-sim with: jansson parse + dump, buffered I/O.
        .executableTarget(name: "JanssonEcho", dependencies: ["CJansson"]),
        // The fuzzer: seeded, mutated protocol lines through hu-sim, checking every reply; and
        // the differential parse check of jansson's verdict against the simulator's router.
        .executableTarget(
            name: "HUFuzz",
            dependencies: [
                "CJansson", "JSONCodec", "JSONRPC", "SDLModel", "SDLProtocol", "Conformance", "SimulatorClient", "CommandLineTool",
                "ChildProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "CJansson"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSONCodec"]),
        .testTarget(name: "SDLModelTests", dependencies: ["SDLModel", "JSONCodec", "TestSupport"]),
        .testTarget(name: "SDLProtocolTests", dependencies: ["SDLProtocol"]),
        .testTarget(name: "HeadUnitTests", dependencies: ["HeadUnit", "SimulatorHost", "SDLProtocol", "SDLModel", "JSONCodec"]),
        // Helpers the tests share: finding the built executables, close-on-exec pipes and
        // whether a pipe is full, inflating a screenshot (zlib).
        .target(name: "CTestSupport", path: "Tests/CTestSupport", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "TestSupport", dependencies: ["CTestSupport"], path: "Tests/TestSupport"),
        .testTarget(
            name: "HUSimTests", dependencies: ["JSONCodec", "SDLProtocol", "Conformance", "TestSupport", "CTestSupport", "ChildProcess"],
            exclude: ["SDLApps"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        .testTarget(name: "SimConsoleTests", dependencies: ["SimConsole", "SDLModel", "JSONRPC", "JSONCodec", "HeadUnit", "SimulatorHost"]),
        .testTarget(
            name: "SDLManagerTests",
            dependencies: [
                "SDLManager", "SimulatorClient", "SDLModel", "JSONRPC", "JSONCodec", "TestSupport",
                // hu-sim's engine and session, run in the test process (Support/InProcessSimulator.swift).
                "HeadUnit", "SimulatorHost",
                .product(name: "Clocks", package: "swift-clocks"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // BrokenSimulators: tiny scripts the runner tests start as simulators.
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "JSONCodec", "TestSupport"], exclude: ["BrokenSimulators"]),
    ],
    swiftLanguageModes: [.v6]
)
