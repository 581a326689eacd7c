"""Drives the bundled viper on a pseudo-terminal (run by HistoryFlowTests).

Usage: history_session.py VIPER DATA_DIR CHECK
CHECK is 'fifo' (a FIFO as the history file: a warning, no hang) or 'secrets' (every
way of signing in; no password may reach the history file).
Prints what failed and exits 1, or prints 'ok' and exits 0.
"""
import os
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run, spawn, step  # noqa: E402

viper, data, check = sys.argv[1:4]
env = environment(data, term="xterm", XDG_DATA_HOME=os.path.dirname(data) + "/xdg")
child = spawn(viper, [], env, timeout=15, dimensions=(40, 100))
history = os.path.join(data, "history")

if check == "fifo":
    step(child, "a warning names the FIFO", f"warning: the history file {history} is a FIFO, not a regular file")
    step(child, "the shell starts anyway", "viper> ")
    run(child, "where", "Home")
    end(child)
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
end(child)

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
