/// The project's version, printed by every tool's `--version`: one constant, raised with each
/// CHANGELOG.md entry.
public let projectVersion = "0.9.0"
