"""Drives viper on a pseudo-terminal with the bundled plugins (run by ShellTerminalTests):
the note editor holds unsaved text, 'back' asks before dropping it, 'n' keeps it, 'y' drops
it and the list hears the cancel, and the answers never reach the history file.

Usage: unsaved_session.py VIPER DATA_DIR
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
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
        print(f"{what}: expected {expected!r}, screen ended with {child.before[-600:]!r}")
        sys.exit(1)


child = pexpect.spawn(viper, [], env=env, encoding="utf-8", timeout=15, dimensions=(40, 120))
step(child, "the shell starts", "viper> ")
for line, prompt in [("open notes", "Notes> "), ("new Groceries", "Sign in> "),
                     ("signup ada secret", "Note> "), ("add milk", "Note> ")]:
    child.send(line + "\r")
    step(child, f"'{line}' ran", prompt)

question = "Unsaved work would be lost (Note: the title and the text (1 line)). Drop it? [y/N] "
child.send("back\r")
step(child, "'back' asks first", question)
child.send("n\r")
step(child, "'n' keeps the editor", "'back' would lose unsaved work")
step(child, "the editor is still on screen", "Note> ")

child.send("back\r")
step(child, "'back' asks again", question)
child.send("y\r")
step(child, "the list heard the cancel", "Closed the editor without saving.")
step(child, "'y' went back to the list", "Notes> ")
child.send("quit\r")
child.expect(pexpect.EOF)

history = open(os.path.join(data, "history")).read().splitlines()
if history != ["open notes", "new Groceries", "add milk", "back", "quit"]:  # a repeated line is kept once
    print("history file (the answers must not be in it):", history)
    sys.exit(1)
print("ok")
