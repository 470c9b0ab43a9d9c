// swift-tools-version: 6.1
import PackageDescription

// Modules, each depending only on those above it:
//   CJansson (system library) → JSONCodec → JSONRPC → SDLModel → HeadUnit (the engine)
//   → hu-sim (the simulator executable); hu-bench measures it.
let package = Package(
    name: "sdl-head-unit-simulator",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hu-sim", targets: ["HUSim"]),
        .executable(name: "hu-bench", targets: ["HUBench"]),
        .executable(name: "jansson-echo", targets: ["JanssonEcho"]),
        .library(name: "JSONCodec", targets: ["JSONCodec"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "SDLModel", targets: ["SDLModel"]),
        .library(name: "HeadUnit", targets: ["HeadUnit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(name: "JSONCodec", dependencies: ["CJansson"]),
        .target(name: "JSONRPC", dependencies: ["JSONCodec"]),
        .target(name: "SDLModel", dependencies: ["JSONCodec", "JSONRPC"]),
        .target(name: "HeadUnit", dependencies: ["SDLModel", "JSONRPC", "JSONCodec"]),
        .executableTarget(
            name: "HUSim",
            dependencies: [
                "HeadUnit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "HUBench",
            dependencies: [
                "JSONCodec",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The C baseline the benchmarks compare hu-sim with: jansson parse + dump, buffered I/O.
        .executableTarget(name: "JanssonEcho", dependencies: ["CJansson"]),
        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
        .testTarget(name: "HeadUnitTests", dependencies: ["HeadUnit", "SDLModel"]),
        .testTarget(name: "HUSimTests", dependencies: ["JSONCodec"]),
    ],
    swiftLanguageModes: [.v6]
)
