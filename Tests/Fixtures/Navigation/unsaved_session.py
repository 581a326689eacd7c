"""Drives viper on a pseudo-terminal with the bundled plugins (run by ShellTerminalTests):
the note editor holds unsaved text, 'back' asks before dropping it, 'n' keeps it, 'y' drops
it and the list hears the cancel, and the answers never reach the history file.

Usage: unsaved_session.py VIPER DATA_DIR
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data = sys.argv[1:3]
env = environment(data)


child = spawn(viper, [], env, timeout=15, dimensions=(40, 120))
step(child, "the shell starts", "viper> ")
run_all(child, [("open notes", "Notes> "), ("new Groceries", "Sign in> "),
               ("signup ada secret", "Note> "), ("add milk", "Note> ")])

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
end(child)

history = open(os.path.join(data, "history")).read().splitlines()
if history != ["open notes", "new Groceries", "add milk", "back", "quit"]:  # a repeated line is kept once
    print("history file (the answers must not be in it):", history)
    sys.exit(1)
print("ok")
