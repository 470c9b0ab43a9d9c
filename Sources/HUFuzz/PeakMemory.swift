import Foundation

/// The most resident memory (VmHWM, KiB) of a simulator started through `/bin/sh -c`: the
/// largest of the shell and the processes it started (the simulator, or a wrapper and its
/// simulator); 0 once they are gone. (Not wait4's ru_maxrss: posix_spawn's vfork-style
/// child inherits the fuzzer's own high-water mark.)
func peakResidentKiB(ofShell shell: pid_t) -> Int {
    let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
    let processes = [shell] + children.split(separator: " ").compactMap { pid_t($0) }
    return processes.compactMap { process -> Int? in
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }.max() ?? 0
}
