"""Drives viper on a pseudo-terminal (run by RestoredOwnerTests): ada edits her stored note 1 when
both of viper's processes are killed; the next start offers the work, 'recover' restores the
editor, and 'save' stores it to note 1 as ada's (her sign-in came back with the work).

Usage: owner_recovery_session.py VIPER DATA_DIR
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import signal
import sys

import pexpect

viper, data = sys.argv[1:3]
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "VIPER_PLUGIN_PATH", "VIPER_PASSWORD")}
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
for line, prompt in [("open notes", "Notes> "), ("new Old", "Sign in> "), ("signup ada secret", "Note> "),
                     ("add v1", "Note> "), ("save", "Notes> "), ("edit 1", "Note> "), ("add v2 after the kill", "Note> ")]:
    first.send(line + "\r")
    step(first, f"'{line}' ran", prompt)
os.kill(first.pid, signal.SIGKILL)
first.expect(pexpect.EOF)
first.close()

second = pexpect.spawn(viper, [], env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
step(second, "the next start offers the work", "type 'recover' or 'discard': ")
second.send("recover\r")
step(second, "the session comes back", "Recovered: Home › Notes › Note")
step(second, "and the editor's prompt", "Note> ")
second.send("save\r")
step(second, "the editor saved and closed: back on the list", "1. Old — v1 (modified")
step(second, "at the list's prompt", "Notes> ")
second.send("quit\r")
second.expect(pexpect.EOF)
print("ok")
