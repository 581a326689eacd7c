import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ViperRuntime
@testable import ViperFuzz

/// 1,000 note and to-do writes typed into the real shell, which is killed
/// with SIGKILL at random points and started again; every write the shell acknowledged
/// ("Saved 'N-…'.", "Added 'T-…' for …") must be in the databases afterwards, and both
/// must pass `PRAGMA integrity_check`.
@Suite(.tags(.slow)) struct DurabilityTests {
    static let writes = 1_000

    @Test func everyAcknowledgedWriteSurvivesSIGKILLAndTheDatabasesStayIntact() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_NOW"] = "2026-12-01T09:00:00Z"
        viper.environment["VIPER_TZ"] = "UTC"
        var random = FuzzRandom(seed: UInt64(ProcessInfo.processInfo.environment["VIPER_FUZZ_SEED"] ?? "") ?? 7)
        var acknowledged = Set<String>()
        var next = 0
        var kills = 0
        var killedWithWritesPending = 0
        // The account the notes are written under, made once: a `signin` never creates one.
        let signUp = try viper.run(["-c", "open login; signup ada secret"])
        #expect(signUp.status == 0, "\(signUp.stderr)")
        while next < Self.writes {
            let shell = try KillableViper(environment: viper.environment)
            let batch = min(random.int(1...60), Self.writes - next)
            shell.send(Self.commands(for: next..<(next + batch)))
            next += batch
            if random.chance(85) {
                // Kill once a random number of this batch's writes were acknowledged, a moment later.
                let target = random.below(batch)
                let alive = shell.waitForAcknowledgements(target)
                #expect(alive, "the shell ended before it was killed: \(shell.standardError)")
                usleep(UInt32(random.below(3_000)))
                shell.kill()
                #expect(shell.terminationReason == .uncaughtSignal, "\(shell.standardError)")
                kills += 1
                if shell.acknowledgements.count < batch { killedWithWritesPending += 1 }
            } else {
                shell.send(["quit"])
                shell.close()
                #expect(shell.terminationStatus == 0, "\(shell.standardError)")
                #expect(shell.acknowledgements.count == batch, "a shell that quit normally lost writes: \(shell.standardError)")
            }
            acknowledged.formUnion(shell.acknowledgements)
        }
        #expect(kills > 0)
        #expect(killedWithWritesPending > 0, "no kill landed while writes were pending")

        // Started again on what the kills left, the shell opens both lists.
        let again = try viper.run(["-c", "open notes; home; open todo"])
        #expect(again.status == 0, "\(again.stderr)")

        let (notes, notesCheck) = try Self.read(viper.dataFolder + "/notes.sqlite", "SELECT title AS value FROM notes")
        let (todos, todoCheck) = try Self.read(viper.dataFolder + "/todo.sqlite", "SELECT name AS value FROM todo_items")
        #expect(notesCheck == "ok")
        #expect(todoCheck == "ok")
        let stored = notes.union(todos)
        let lost = acknowledged.subtracting(stored).sorted()
        #expect(lost.isEmpty, "acknowledged but missing after SIGKILL: \(lost)")
        #expect(!acknowledged.isEmpty)
        #expect(stored.count == Set(notes).count + Set(todos).count)
    }

    /// The lines that make writes `indices` from a fresh shell: even ones are notes
    /// (signing in before the first), odd ones to-do items due today.
    static func commands(for indices: Range<Int>) -> [String] {
        var lines: [String] = []
        var screen = ""
        var signedIn = false
        for index in indices {
            let number = String(format: "%04d", index)
            if index.isMultiple(of: 2) {
                if screen != "notes" { lines += ["home", "open notes"]; screen = "notes" }
                lines.append("new N-\(number)")
                if !signedIn { lines.append("signin ada secret"); signedIn = true }
                lines.append("save")
            } else {
                if screen != "todo" { lines += ["home", "open todo"]; screen = "todo" }
                lines += ["add T-\(number)", "due today", "save"]
            }
        }
        return lines
    }

    /// The values a query returns, and what `PRAGMA integrity_check` says, of the database at `path`.
    static func read(_ path: String, _ sql: String) throws -> (Set<String>, String?) {
        let database = try SQLiteDatabase(path: path)
        let check = try database.query("PRAGMA integrity_check", []).first?.text("integrity_check")
        let values = try database.query(sql, []).compactMap { $0.text("value") }
        return (Set(values), check)
    }
}
