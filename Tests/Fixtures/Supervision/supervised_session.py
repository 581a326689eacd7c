"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): the note editor holds unsaved
text, a drop-in module above it faults in the way KIND says, and the session must come back: one
line naming the plugin and the cause, the breadcrumb and the text restored, no backtracer waiting
for a key, and line editing (arrow keys, history) working afterwards. KIND 'hang' stops a command
that never ends with two Ctrl-C once it has run for 3 s, after the notice the first one prints.

Usage: supervised_session.py VIPER DATA_DIR PLUGIN KIND EXPECTED
(EXPECTED: what the line says after the plugin's name, e.g. "crashed (SIGILL: fatal error: a fault on purpose)").
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data, plugin, kind, expected = sys.argv[1:6]
env = environment(data)


child = spawn(viper, ["--plugins", plugin], env)
step(child, "the shell starts", "viper> ")
run_all(child, [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
               ("add first line", "Note> "), ("open fault", "Fault> ")])

if kind == "hang":
    child.send("fault hang\r")
    step(child, "the command was typed", "fault hang\r\n")
    step(child, "the plugin's code has run for 3 s", "still hanging after 3 s")
    child.sendintr()
    step(child, "the first Ctrl-C says what runs", "viper: plugin 'fixture-fault' is still running command 'fault' for ")
    step(child, "and what a second does", " s; press Ctrl-C again to stop it")
    child.sendintr()
elif kind == "deaf-hang":
    # Plugin code that ignores SIGINT: the two Ctrl-Cs reach the supervisor, which stops the worker.
    child.send("fault deaf-hang\r")
    step(child, "the command was typed", "fault deaf-hang\r\n")
    step(child, "the plugin's code runs", "still hanging, deaf to Ctrl-C, after 1 s")
    child.sendintr()
    # Signals of one kind do not queue: the second Ctrl-C comes after the plugin printed again.
    step(child, "the first Ctrl-C did not stop it", "still hanging, deaf to Ctrl-C, after 2 s")
    child.sendintr()
else:
    verb = "arm" if kind.startswith("render") or kind.startswith("title") else "fault"
    child.send(f"{verb} {kind}\r")

step(child, "the one line names the plugin and the cause", f"error: plugin 'fixture-fault' {expected} while ")
step(child, "the line says what was restored", "restored: Home › Notes › Note (left out: FaultScreen of 'fixture-fault'); report: ")
step(child, "the note's text is back", "first line\r\n")
step(child, "the editor's prompt is back", "Note> ")
if "Press space to interact" in child.before:
    print("the backtracer waited for a key")
    sys.exit(1)

# Line editing: a typo fixed with the arrow keys, then the previous line from the history.
child.send("add secnd line")
child.send("\x1b[D" * 7 + "o\r")
step(child, "the fixed line ran", "first line\r\nsecond line\r\n")
step(child, "the prompt came back", "Note> ")
child.send("\x1b[A\r")  # Up: 'add second line' again
step(child, "the history works", "second line\r\nsecond line\r\n")
step(child, "the prompt came back again", "Note> ")
end(child, "quit!")
child.close()
if child.exitstatus != 0:
    print(f"viper ended with {child.exitstatus} {child.signalstatus}, not 0")
    sys.exit(1)
print("ok")
