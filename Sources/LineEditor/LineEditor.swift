import CLibedit
import SystemPackage
import Glibc

/// A line editor on the terminal (libedit, as Swift's own REPL uses): the usual Emacs keys
/// and arrows, history kept across sessions, Ctrl-R search, tab completion, Ctrl-C to
/// give up a line and Ctrl-D on an empty line to end.
///
/// It never waits for input itself: the caller's poll loop reads the terminal and `feed`s
/// the bytes, then takes finished lines from `next`. Text the caller writes appears above
/// the prompt: `hide` takes the prompt and what was typed off the screen, `show` draws them
/// again as they were, cursor included.
public final class LineEditor {
    public enum Event: Equatable, Sendable {
        case line(String)
        /// Ctrl-D on an empty line, or the terminal closed.
        case endOfInput
    }

    /// What Tab offers for the text before the cursor.
    public struct Completion: Equatable, Sendable {
        /// How many characters before the cursor the chosen candidate replaces.
        public var replacing: Int
        /// Whole replacements, each with what follows it: a space after a finished word,
        /// nothing after `name=`.
        public var candidates: [String]

        public init(replacing: Int, candidates: [String]) {
            self.replacing = replacing
            self.candidates = candidates
        }
    }

    private let editLine: OpaquePointer
    /// libedit's own streams on the terminal: it writes through `output`, which is flushed
    /// before anything else is written to stdout.
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let errors: UnsafeMutablePointer<FILE>
    private let entries: OpaquePointer
    private let historyFile: HistoryFile?
    private let complete: (String) -> Completion
    /// The prompt as libedit reads it (`\u{1}` brackets what does not print), and its width.
    private let prompt: UnsafeMutablePointer<CChar>
    private let promptColumns: Int

    /// Keys read but not yet edited with, and the start of a character split across reads.
    private var keys: [wchar_t] = []
    private var nextKey = 0
    private var undecoded: [UInt8] = []
    private var terminalClosed = false

    private enum State { case idle, editing(shown: Bool) }
    private var state = State.idle

    /// nil when stdin is not a terminal libedit can edit on. `complete` gets the text before
    /// the cursor.
    public init?(program: String, historyFile: HistoryFile?, usesColor: Bool, complete: @escaping (String) -> Completion) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        // libedit reads and writes characters in the locale's encoding: UTF-8, or plain ASCII.
        _ = setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { _ = setlocale(LC_CTYPE, "C.UTF-8") }
        let unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        guard let input = fdopen(dup(STDIN_FILENO), "r"), let output = fdopen(dup(STDOUT_FILENO), "w"),
            let errors = fdopen(dup(STDERR_FILENO), "w"), let editLine = el_init(program, input, output, errors)
        else { return nil }
        self.editLine = editLine
        self.input = input
        self.output = output
        self.errors = errors
        self.historyFile = historyFile
        self.complete = complete
        let symbol = unicode ? "› " : "> "
        prompt = strdup(usesColor ? "\u{1}\u{1B}[1m\u{1}\(symbol)\u{1}\u{1B}[0m\u{1}" : symbol)
        promptColumns = 2
        entries = history_init()
        hu_history_set_size(entries, Int32(historyFile?.limit ?? 1000))
        hu_history_set_unique(entries, 1)
        for line in historyFile?.load() ?? [] { hu_history_enter(entries, line) }

        hu_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        hu_el_set_editor(editLine, "emacs")
        hu_el_set_prompt(editLine, { LineEditor.of($0).prompt }, 1)
        hu_el_set_read(editLine) { LineEditor.of($0).readKey(into: $1) }
        hu_el_set_history(editLine, entries)
        // Ctrl-C is a key while a line is edited (it gives the line up), not SIGINT.
        hu_el_set_edit_tty(editLine, "-isig")
        hu_el_add_command(editLine, "hu-complete", "Complete the word before the cursor") { editLine, _ in
            LineEditor.of(editLine).completeWord()
        }
        hu_el_add_command(editLine, "hu-cancel-line", "Give up the line and start a new one") { editLine, _ in
            LineEditor.of(editLine).cancelLine()
        }
        hu_el_bind(editLine, "^I", "hu-complete")
        hu_el_bind(editLine, "^C", "hu-cancel-line")
        hu_el_bind(editLine, "^R", "em-inc-search-prev")
        // The person's own bindings (~/.editrc, or $EDITRC) come last, so they win.
        el_source(editLine, nil)
    }

    deinit {
        finish()
        el_end(editLine)
        history_end(entries)
        free(prompt)
        for stream in [input, output, errors] { fclose(stream) }
    }

    private static func of(_ editLine: OpaquePointer?) -> LineEditor {
        Unmanaged<LineEditor>.fromOpaque(hu_el_client_data(editLine)!).takeUnretainedValue()
    }

    // MARK: Input

    /// Bytes read from the terminal; empty when it closed.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        if bytes.isEmpty { terminalClosed = true }
        undecoded.append(contentsOf: bytes)
        decodeKeys()
    }

    /// Keys are waiting to be edited with (`next` takes them).
    public var hasPendingInput: Bool { nextKey < keys.count || terminalClosed }

    /// Edits with the keys fed so far, showing the prompt first if it is not showing; a line
    /// when Enter ends one (the editor is then idle until `show`), nil when the keys ran out.
    public func next() -> Event? {
        show()
        while nextKey < keys.count {
            var count: Int32 = 0
            let buffer = el_wgets(editLine, &count)
            guard let buffer, count > 0 else { continue }
            if count == 1 && buffer[0] == 4 {  // Ctrl-D on an empty line
                finish()
                return .endOfInput
            }
            guard buffer[Int(count) - 1] == 10 else { continue }
            let line = Self.text(UnsafeBufferPointer(start: buffer, count: Int(count) - 1))
            stopEditing()
            remember(line)
            return .line(line)
        }
        keys.removeAll(keepingCapacity: true)
        nextKey = 0
        if terminalClosed {
            finish()
            return .endOfInput
        }
        return nil
    }

    private func remember(_ line: String) {
        guard line.contains(where: { $0 != " " && $0 != "\t" }) else { return }
        hu_history_enter(entries, line)
        historyFile?.append(line)
    }

    /// libedit asks for the next key: the next one fed, or (in the middle of an escape
    /// sequence or a search) the next one the terminal sends.
    private func readKey(into key: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        while nextKey >= keys.count {
            if terminalClosed { return 0 }
            waitForKeys()
        }
        key?.pointee = keys[nextKey]
        nextKey += 1
        return 1
    }

    private func waitForKeys() {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 && errno == EINTR { return }
        buffer.withUnsafeBytes { feed(UnsafeRawBufferPointer(rebasing: $0.prefix(max(0, count)))) }
    }

    /// UTF-8 to characters; a character split across reads waits for its end, a byte that
    /// starts none is dropped.
    private func decodeKeys() {
        var index = 0
        while index < undecoded.count {
            let lead = undecoded[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard length > 0 else {
                index += 1
                continue
            }
            guard index + length <= undecoded.count else { break }
            var text = String(decoding: undecoded[index..<index + length], as: UTF8.self).unicodeScalars
            if length > 1 && text.first == "\u{FFFD}" { text = "".unicodeScalars }
            keys += text.map { wchar_t(bitPattern: $0.value) }
            index += length
        }
        undecoded.removeFirst(index)
    }

    private static func text(_ characters: UnsafeBufferPointer<wchar_t>) -> String {
        var text = String.UnicodeScalarView()
        for character in characters { text.append(Unicode.Scalar(UInt32(bitPattern: character)) ?? "\u{FFFD}") }
        return String(text)
    }

    // MARK: The prompt on the screen

    /// Draws the prompt with what was typed, unless it is showing; starts a new line when
    /// none is being edited.
    public func show() {
        switch state {
        case .idle:
            hu_el_set_unbuffered(editLine, 1)  // raw mode, an empty line, the prompt drawn
        case .editing(shown: false):
            hu_el_refresh(editLine)
        case .editing(shown: true):
            return
        }
        state = .editing(shown: true)
    }

    /// Takes the prompt and the typed text off the screen, the cursor left where they began,
    /// so that text written now appears in their place; `show` puts them back below it.
    public func hide() {
        guard case .editing(shown: true) = state else { return }
        fflush(output)
        let row = layout().cursorRow
        write("\r" + (row > 0 ? "\u{1B}[\(row)A" : "") + "\u{1B}[J")
        state = .editing(shown: false)
    }

    /// The terminal changed size: libedit lays the line out again for it.
    public func resized() {
        el_resize(editLine)
    }

    /// The session ends: the cursor goes below what was typed, and the terminal is as it was.
    public func finish() {
        guard case .editing(let shown) = state else { return }
        if shown { moveBelowInput() }
        stopEditing()
    }

    private func stopEditing() {
        hu_el_set_unbuffered(editLine, 0)  // back to the terminal's own mode
        state = .idle
    }

    /// The terminal's width in columns.
    public var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Rows below the prompt's first row: where the cursor is, and where the text ends.
    private func layout() -> (cursorRow: Int, endRow: Int, endColumn: Int) {
        let line = el_wline(editLine).pointee
        let width = columns
        var cursorColumns = promptColumns
        var endColumns = promptColumns
        var character = line.buffer!
        while character < line.lastchar {
            let columns = Self.columns(of: character.pointee)
            if character < line.cursor { cursorColumns += columns }
            endColumns += columns
            character += 1
        }
        return (cursorColumns / width, endColumns / width, endColumns % width)
    }

    private static func columns(of character: wchar_t) -> Int {
        if character < 0x20 || character == 0x7F { return 2 }  // shown as ^X
        return max(1, Int(wcwidth(character)))
    }

    /// From the cursor to the start of the row below the typed text.
    private func moveBelowInput(marking mark: String = "") {
        fflush(output)
        let layout = layout()
        let down = layout.endRow - layout.cursorRow
        write((down > 0 ? "\u{1B}[\(down)B" : "") + "\u{1B}[\(layout.endColumn + 1)G" + mark + "\r\n")
    }

    private func write(_ text: String) {
        _ = try? FileDescriptor.standardOutput.writeAll(text.utf8)
    }

    // MARK: Keys of our own

    /// Ctrl-C: the line stays on the screen marked ^C, and a new one starts.
    private func cancelLine() -> UInt8 {
        moveBelowInput(marking: "^C")
        hu_el_set_unbuffered(editLine, 0)
        hu_el_set_unbuffered(editLine, 1)  // an empty line, the prompt drawn, history from the end
        return UInt8(CC_NORM)
    }

    /// Tab: one candidate is put in; several put in what they share, or are listed below the
    /// line when they share nothing more than what was typed.
    private func completeWord() -> UInt8 {
        let line = el_wline(editLine).pointee
        let typed = Self.text(UnsafeBufferPointer(start: line.buffer, count: line.cursor - line.buffer))
        let completion = complete(typed)
        let word = String(typed.unicodeScalars.suffix(completion.replacing))
        guard let first = completion.candidates.first else { return UInt8(CC_ERROR) }
        let shared = completion.candidates.dropFirst().reduce(first) { Self.sharedPrefix($0, $1) }
        if completion.candidates.count == 1 || (shared.count > word.count || (shared.count == word.count && shared != word)) {
            el_deletestr(editLine, Int32(word.unicodeScalars.count))
            el_insertstr(editLine, shared)
            return UInt8(CC_REFRESH)
        }
        moveBelowInput()
        write(Self.table(completion.candidates.map { $0.trimmingSuffix(" ") }, width: columns).joined())
        hu_el_refresh(editLine)
        return UInt8(CC_NORM)
    }

    /// What `a` and `b` start with, ignoring case (written as `a` writes it).
    private static func sharedPrefix(_ a: String, _ b: String) -> String {
        var count = 0
        for (x, y) in zip(a.lowercased(), b.lowercased()) {
            guard x == y else { break }
            count += 1
        }
        return String(a.prefix(count))
    }

    /// Words in columns, across then down, in rows of at most `width` columns.
    static func table(_ words: [String], width: Int) -> [String] {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / cell)
        return stride(from: 0, to: words.count, by: perRow).map { start in
            let row = words[start..<min(start + perRow, words.count)]
            return row.map { $0.padded(to: cell) }.joined().trimmingSuffix(" ") + "\r\n"
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }

    fileprivate func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
