"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): the note editor holds unsaved
text when both of viper's processes are killed (SIGKILL of the supervisor takes the worker with it);
the next start offers the text back, as vim offers a swap file, and 'recover' restores the editor
with it.

Usage: recovery_session.py VIPER DATA_DIR
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import signal
import sys

import pexpect

viper, data = sys.argv[1:3]
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "VIPER_PLUGIN_PATH")}
env.update(TERM="dumb", NO_COLOR="1", VIPER_DATA_DIR=data, HOME=os.path.dirname(data), INPUTRC="/dev/null",
           VIPER_NOW="2026-12-01T09:00:00Z", VIPER_TZ="UTC")


def step(child, what, expected):
    try:
        child.expect_exact(expected)
    except (pexpect.TIMEOUT, pexpect.EOF):
        print(f"{what}: expected {expected!r}, screen ended with {child.before[-800:]!r}")
        sys.exit(1)


first = pexpect.spawn(viper, [], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(first, "the shell starts", "viper> ")
for line, prompt in [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
                     ("add kept across a kill", "Note> ")]:
    first.send(line + "\r")
    step(first, f"'{line}' ran", prompt)
os.kill(first.pid, signal.SIGKILL)
first.expect(pexpect.EOF)
first.close()

second = pexpect.spawn(viper, [], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(second, "the next start offers the work", "Recovered unsaved work from ")
step(second, "it names what it keeps", "NoteEditing of 'notes': type 'recover' or 'discard': ")
second.send("recover\r")
step(second, "the session comes back", "Recovered: Home › Notes › Note")
step(second, "with the text", "kept across a kill\r\n")
step(second, "and the editor's prompt", "Note> ")
second.send("quit!\r")
second.expect(pexpect.EOF)

third = pexpect.spawn(viper, [], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(third, "nothing is offered twice", "viper> ")
if "Recovered" in third.before:
    print("the work was offered again after it was recovered")
    sys.exit(1)
third.send("quit\r")
third.expect(pexpect.EOF)
print("ok")
