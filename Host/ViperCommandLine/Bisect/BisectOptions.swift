/// `viper doctor --bisect SCRIPT [--expect TEXT]`'s options, their help and their checks, in one
/// place (`DoctorCommand` declares ``options`` and hands their values here).
package struct BisectOptions: Equatable {
    /// The shell commands a run executes, separated by `;` (as `-c` takes them).
    package var script: String?
    /// Text a run's output must hold to pass (else only its exit status counts).
    package var expect: String?

    package init(script: String? = nil, expect: String? = nil) {
        self.script = script
        self.expect = expect
    }

    package static let options: [CommandOption] = [
        CommandOption(
            "--bisect", value: "SCRIPT",
            help: "Find the drop-in plugin (or pair) whose presence makes SCRIPT fail, running it with halves of them off"),
        CommandOption("--expect", value: "TEXT", help: "With --bisect: a run also fails when TEXT is missing from its output"),
    ]

    package static let details =
        "With --bisect SCRIPT, runs 'viper -c SCRIPT' with every drop-in plugin on, then with halves of them\noff (a plugin that requires one that is off is off too), each run in a fresh copy of the data\nfolder, until it names the plugin whose presence makes SCRIPT fail (exit status not 0, or with\n--expect, TEXT missing from the output), or the two that only fail together. Your data folder is\nnever changed. With n drop-in plugins it takes at most log2(n) + 2 runs (about twice that for a pair)."

    package mutating func apply(_ flag: String, value: String) throws {
        switch flag {
        case "--bisect":
            guard !value.trimmingWhitespace(andNewlines: true).isEmpty else {
                throw UsageError("--bisect takes the shell commands to run, e.g. --bisect 'open notes; where'; got nothing")
            }
            script = value
        default:
            guard !value.isEmpty else { throw UsageError("--expect takes the text a passing run prints, e.g. --expect 'Notes'; got nothing") }
            expect = value
        }
    }

    package func validate() throws {
        guard script != nil else {
            throw UsageError("--expect goes with --bisect SCRIPT: 'viper doctor --bisect SCRIPT --expect TEXT'")
        }
    }
}
