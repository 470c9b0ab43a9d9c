import ArgumentParser
import Glibc
import HeadUnit
import JSONCodec
import SimConsole
import SimulatorHost

/// `hu-sim call METHOD name=value … [+ METHOD …]`: one-shot calls for shell scripts and quick
/// checks, on a head unit of their own (virtual clock) that ends with them.
struct CallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Runs calls given as arguments in one session and prints each reply; exits 0 when every call succeeded.",
        usage: "hu-sim call [<call-options>] METHOD name=value … [+ METHOD …]",
        discussion: """
            Each call is written as at the interactive prompt: a method (or a unique
            prefix of one) with name=value parameters, or a command (tap, type, wait).
            Several calls, separated by +, run in order in one session; an app is
            registered first (unless --no-register, or the first call registers one).
            The head unit runs on the virtual clock: `wait 10s` moves it. Each result
            is printed as one JSON line (for reading with --pretty); a reply that
            waits for the user (PerformInteraction) comes once a later call answers it.

            Exit status: 0 when every call succeeded; 1 when one failed or was never
            answered (its result code on stderr; the calls after it do not run); 64
            when a call cannot be read.

            Examples:
              hu-sim call Sim.GetState
              hu-sim call --no-register RegisterAppInterface appName=Nav \\
                appID=nav-1 isMediaApplication=false languageDesired=EN-US \\
                hmiDisplayLanguageDesired=EN-US \\
                'syncMsgVersion={majorVersion:8,minorVersion:0}'
              hu-sim call CreateInteractionChoiceSet interactionChoiceSetID=1 \\
                'choiceSet=[{choiceID:1,menuName:Berlin}]' + \\
                PerformInteraction initialText='Pick a city' \\
                interactionMode=MANUAL_ONLY 'interactionChoiceSetIDList=[1]' + tap 1
              hu-sim call --pretty --profile text-only PutFile \\
                syncFileName=notes.txt fileType=BINARY bulkData=aGVsbG8= + ListFiles
              # every request and reply, as JSON lines, in calls.jsonl:
              hu-sim call --trace calls.jsonl Sim.GetState
            """)

    @Flag(help: "Print replies for reading (and the notifications between them), not as JSON.")
    var pretty = false

    @Flag(help: "Do not register an app before the calls.")
    var noRegister = false

    @OptionGroup var headUnit: HeadUnitOptions

    @Argument(parsing: .remaining, help: ArgumentHelp("The calls: METHOD name=value …, separated by +.", valueName: "call"))
    var words: [String] = []

    func validate() throws {
        guard !OneShot.calls(from: words).isEmpty else { throw ValidationError("Give a call, e.g. hu-sim call Sim.GetState") }
    }

    func run() throws {
        let configuration = EngineConfiguration(
            profile: try loadProfile(headUnit.profile), clock: .virtual, autoActivate: !headUnit.noAutoActivate)
        let engine = HeadUnitEngine(configuration: configuration)
        let session = SimulatorSession(engine: engine)
        session.trace = try headUnit.trace.map { try WireTrace(writingTo: $0, clock: { engine.now }) }
        let outcome = OneShot.run(OneShot.calls(from: words), on: session, registers: !noRegister, pretty: pretty)
        session.endOfInput()
        writeAll(Array(outcome.stdout.utf8), to: STDOUT_FILENO)
        writeAll(Array(outcome.stderr.utf8), to: STDERR_FILENO)
        throw ExitCode(outcome.status)
    }
}
