"""Drives the bundled viper on a pseudo-terminal (run by HistoryFlowTests).

Usage: history_session.py VIPER DATA_DIR CHECK
CHECK is 'fifo' (a FIFO as the history file: a warning, no hang) or 'secrets' (every
way of signing in; no password may reach the history file).
Prints what failed and exits 1, or prints 'ok' and exits 0.
"""
import os
import sys

import pexpect

viper, data, check = sys.argv[1:4]
env = {k: v for k, v in os.environ.items() if k != "VIPER_PLUGIN_PATH"}
env.update(TERM="xterm", NO_COLOR="1", VIPER_DATA_DIR=data, HOME=os.path.dirname(data),
           XDG_DATA_HOME=os.path.dirname(data) + "/xdg", INPUTRC="/dev/null",
           VIPER_NOW="2026-12-01T09:00:00Z", VIPER_TZ="UTC")


def step(child, what, expected):
    try:
        child.expect_exact(expected)
    except (pexpect.TIMEOUT, pexpect.EOF):
        print(f"{what}: expected {expected!r}, screen ended with {child.before[-400:]!r}")
        sys.exit(1)


def run(child, line, expected):
    child.send(line + "\r")
    step(child, line, expected)


child = pexpect.spawn(viper, [], env=env, encoding="utf-8", timeout=15, dimensions=(40, 100))
history = os.path.join(data, "history")

if check == "fifo":
    step(child, "a warning names the FIFO", f"warning: the history file {history} is a FIFO, not a regular file")
    step(child, "the shell starts anyway", "viper> ")
    run(child, "where", "Home")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    print("ok")
    sys.exit(0)

step(child, "the shell starts", "viper> ")
run(child, "open notes", "Notes> ")
run(child, "signin ada typed-at-the-list", "unknown command 'signin'")
run(child, "new Groceries", "Sign in> ")
run(child, "signup ada from-new", "Note> ")
run(child, "signin ada typed-in-the-editor", "unknown command 'signin'")
run(child, "signin 'ada unbalanced-quote", "Note> ")
run(child, "add milk", "Note> ")
run(child, "save", "Saved 'Groceries'.")
run(child, "signout", "Signed out.")
run(child, "edit 1", "Sign in> ")
run(child, "signin ada from-a-wrong-guess", "wrong password for 'ada'")
run(child, "signin ada from-new", "Note> ")
run(child, "cancel", "Notes> ")
run(child, "signout", "Signed out.")
run(child, "delete 1", "Delete note 1? [y/N] ")
run(child, "y", "Sign in> ")
run(child, "signin ada from-new", "Deleted 'Groceries' (note 1)")
run(child, "home", "viper> ")
run(child, "open login", "Sign in> ")
run(child, "signin ada from-new", "viper> ")
child.send("quit\r")
child.expect(pexpect.EOF)

lines = open(history).read().splitlines()
leaked = [line for line in lines if "from-" in line or "typed-" in line or "unbalanced" in line]
if leaked:
    print("passwords in the history file:", leaked)
    sys.exit(1)
kept = ["open notes", "new Groceries", "add milk", "save", "edit 1", "delete 1", "open login", "quit"]
missing = [line for line in kept if line not in lines]
if missing:
    print("lines missing from the history file:", missing, "it holds:", lines)
    sys.exit(1)
print("ok")
