/// A JUnit XML report of a run, for CI systems: one test case per fixture, its class the
/// fixture's folder.
public enum JUnitReport {
    public static func xml(_ results: [FixtureResult], seconds: Double) -> String {
        let summary = SuiteSummary(results)
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="hu-conform" tests="\(results.count)" failures="\(summary.failed)" skipped="\(summary.skipped)" time="\(format(seconds))">
            <testsuite name="conformance" tests="\(results.count)" failures="\(summary.failed)" skipped="\(summary.skipped)" time="\(format(seconds))">

            """
        for result in results {
            let parts = result.file.name.split(separator: "/")
            let area = parts.count > 1 ? parts.dropLast().joined(separator: ".") : "conformance"
            let open = #"  <testcase classname="\#(escape(area))" name="\#(escape(String(parts.last ?? "")))" file="\#(escape(result.file.path))" time="\#(format(result.seconds))""#
            switch result.outcome {
            case .passed:
                xml += open + "/>\n"
            case .skipped(let reason):
                xml += open + ">\n    <skipped message=\"\(escape(reason))\"/>\n  </testcase>\n"
            case .failed(let failure):
                xml += open + ">\n    <failure message=\"\(escape(failure.message))\">\(escape(failure.report.joined(separator: "\n")))</failure>\n  </testcase>\n"
            }
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }

    private static func format(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// XML text and attribute escaping; control characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
