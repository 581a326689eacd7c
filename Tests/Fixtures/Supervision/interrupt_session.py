"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): Ctrl-C on a command whose
plugin code has run for less than 3 s means what it means without a supervisor: viper ends, dying of
SIGINT, with no notice and no crash line. The note editor's unsaved text below it is not lost: the
next start offers it, and 'recover' brings the editor back with it.

Usage: interrupt_session.py VIPER DATA_DIR PLUGIN
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import signal
import sys

import pexpect

viper, data, plugin = sys.argv[1:4]
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "VIPER_PLUGIN_PATH")}
env.update(TERM="dumb", NO_COLOR="1", VIPER_DATA_DIR=data, HOME=os.path.dirname(data), INPUTRC="/dev/null",
           VIPER_NOW="2026-12-01T09:00:00Z", VIPER_TZ="UTC")


def step(child, what, expected):
    try:
        child.expect_exact(expected)
    except (pexpect.TIMEOUT, pexpect.EOF):
        print(f"{what}: expected {expected!r}, screen ended with {child.before[-800:]!r}")
        sys.exit(1)


first = pexpect.spawn(viper, ["--plugins", plugin], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(first, "the shell starts", "viper> ")
for line, prompt in [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
                     ("add kept across a Ctrl-C", "Note> "), ("open fault", "Fault> ")]:
    first.send(line + "\r")
    step(first, f"'{line}' ran", prompt)
first.send("fault hang\r")
step(first, "the command was typed", "fault hang\r\n")
first.sendintr()
try:
    first.expect(pexpect.EOF)
except pexpect.TIMEOUT:
    print(f"viper did not end on Ctrl-C; screen ended with {first.before[-800:]!r}")
    sys.exit(1)
said = first.before
first.close()
if "press Ctrl-C again" in said or "error:" in said or "still hanging" in said:
    print(f"a quick command's Ctrl-C got a notice, a crash line or ran on: {said[-800:]!r}")
    sys.exit(1)
if first.signalstatus != signal.SIGINT:
    print(f"viper ended with {first.exitstatus} {first.signalstatus}, not SIGINT")
    sys.exit(1)

second = pexpect.spawn(viper, ["--plugins", plugin], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(second, "the next start offers the text", "Recovered unsaved work from ")
step(second, "it names what it keeps", "NoteEditing of 'notes': type 'recover' or 'discard': ")
second.send("recover\r")
step(second, "the session comes back, the module that ran on top", "Recovered: Home › Notes › Note › Fault")
step(second, "its prompt", "Fault> ")
second.send("back\r")
step(second, "the note below it has the text", "kept across a Ctrl-C\r\n")
step(second, "and the editor's prompt", "Note> ")
second.send("quit!\r")
second.expect(pexpect.EOF)
print("ok")
