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

import pexpect

viper, data, plugin, kind, expected = sys.argv[1:6]
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "VIPER_PLUGIN_PATH")}
env.update(TERM="dumb", NO_COLOR="1", VIPER_DATA_DIR=data, HOME=os.path.dirname(data), INPUTRC="/dev/null",
           VIPER_NOW="2026-12-01T09:00:00Z", VIPER_TZ="UTC")


def step(child, what, expected):
    try:
        child.expect_exact(expected)
    except (pexpect.TIMEOUT, pexpect.EOF):
        print(f"{what}: expected {expected!r}, screen ended with {child.before[-800:]!r}")
        sys.exit(1)


child = pexpect.spawn(viper, ["--plugins", plugin], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(child, "the shell starts", "viper> ")
for line, prompt in [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
                     ("add first line", "Note> "), ("open fault", "Fault> ")]:
    child.send(line + "\r")
    step(child, f"'{line}' ran", prompt)

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
child.send("quit!\r")
child.expect(pexpect.EOF)
child.close()
if child.exitstatus != 0:
    print(f"viper ended with {child.exitstatus} {child.signalstatus}, not 0")
    sys.exit(1)
print("ok")
