import ChildProcess
import Foundation
import JSONRPC
import Synchronization

/// A program under measurement, spoken to over pipes as hu-sim's users speak to it.
final class Peer {
    let child: ChildProcess
    private let input: InputEnd
    private let output: Int32

    /// Starts a shell command line.
    init(_ commandLine: String, readingStderr: Bool = false) throws {
        child = try ChildProcess(shell: commandLine, errors: readingStderr ? .pipe : .null)
        input = InputEnd(child.input!)
        output = child.output!
    }

    /// Its stdin, closed once by whichever comes first: the feeding thread or `finish`.
    private final class InputEnd: Sendable {
        let descriptor: Int32
        private let isOpen = Mutex(true)

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        func close() {
            if isOpen.withLock({ isOpen in defer { isOpen = false }; return isOpen }) { Glibc.close(descriptor) }
        }
    }

    /// Reads stderr (started `readingStderr`; else it goes nowhere) up to the first line
    /// holding `wanted`; nil if it ends first.
    func stderrLine(containing wanted: String) -> String? {
        guard let descriptor = child.errors else { return nil }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            guard byte == 0x0A else {
                line.append(byte)
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            if text.contains(wanted) { return text }
            line.removeAll()
        }
        return nil
    }

    /// Writes `bytes` from another thread, then closes stdin if asked to.
    func feed(_ bytes: [UInt8], thenClose close: Bool = true) {
        let input = input
        Thread.detachNewThread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = write(input.descriptor, buffer.baseAddress! + offset, min(1 << 20, buffer.count - offset))
                    if count <= 0 { break }
                    offset += count
                }
            }
            if close { input.close() }
        }
    }

    /// Reads stdout to its end, or until `limit` lines; returns the number of lines.
    func countLinesToEnd(orUpTo limit: Int = .max) -> Int {
        var lines = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        let descriptor = output
        while lines < limit {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            for index in 0..<count where buffer[index] == 0x0A { lines += 1 }
        }
        return lines
    }

    func send(_ line: [UInt8]) {
        line.withUnsafeBytes { _ = write(input.descriptor, $0.baseAddress!, $0.count) }
    }

    private var framer = LineFramer(maximumLineBytes: 1 << 30)
    private var lines: [[UInt8]] = []
    private var nextLine = 0

    /// Reads until one whole line has arrived, in blocks (a byte-at-a-time read would
    /// charge the reader's syscalls to the program measured); empty at the end.
    func readLine() -> [UInt8] {
        let descriptor = output
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while nextLine == lines.count {
            lines.removeAll(keepingCapacity: true)
            nextLine = 0
            let count = read(descriptor, &block, block.count)
            let keep: (LineFramer.Line) -> Void = { line in if case .text(let bytes) = line { self.lines.append(Array(bytes)) } }
            if count <= 0 {
                framer.finish(keep)
                if lines.isEmpty { return [] }
            } else {
                block.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count]), keep) }
            }
        }
        nextLine += 1
        return lines[nextLine - 1]
    }

    /// The integer id of a line written `{"jsonrpc":"2.0","id":N,…` (as both hu-sim and the
    /// echo write their lines); nil for anything else (a notification).
    static func id(in line: UnsafeRawBufferPointer) -> Int? {
        guard line.count > idPrefix.count, line.starts(with: idPrefix) else { return nil }
        var value = 0
        var digits = 0
        for byte in line[idPrefix.count...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    private static let idPrefix = Array(#"{"jsonrpc":"2.0","id":"#.utf8)

    /// Peak resident memory so far, in bytes (VmHWM of the shell's child, or the shell).
    func peakRSS() -> Int {
        peakResidentBytes(ofProcess: "\(childPID() ?? child.pid)")
    }

    /// CPU time the program has used so far, all its threads, in seconds (the scheduler's
    /// own nanosecond count: not charged for waiting on a loaded machine).
    func cpuSeconds() -> Double {
        let pid = childPID() ?? child.pid
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let nanoseconds = tasks.reduce(0) { total, task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return total + (text.split(separator: " ").first.flatMap { Int($0) } ?? 0)
        }
        return Double(nanoseconds) / 1e9
    }

    /// `sh -c` usually execs the command in place; when it forks instead, the child is the program.
    private func childPID() -> Int32? {
        let path = "/proc/\(child.pid)/task/\(child.pid)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int32($0) }
    }

    func finish() {
        input.close()
        _ = child.waitForExit()
        close(output)
    }
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A process's peak resident memory so far, in bytes: VmHWM of `/proc/<process>/status`
/// ("self" for this one). Not getrusage's ru_maxrss, which a program started by
/// posix_spawn inherits from its parent (the kernel records the shared memory's peak at exec).
func peakResidentBytes(ofProcess process: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
    return 0
}
