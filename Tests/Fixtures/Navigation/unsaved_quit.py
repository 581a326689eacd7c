"""Drives viper on a pseudo-terminal with the bundled plugins (run by ShellTerminalTests):
with unsaved text in the note editor, Ctrl-D and 'quit' ask before ending the session,
'n' keeps it going with the text, and once the note is saved Ctrl-D ends it at once.

Usage: unsaved_quit.py VIPER DATA_DIR
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

import pexpect

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import environment, run_all, spawn, step  # noqa: E402

viper, data = sys.argv[1:3]
env = environment(data)


child = spawn(viper, [], env, timeout=15, dimensions=(40, 120))
step(child, "the shell starts", "viper> ")
run_all(child, [("open notes", "Notes> "), ("new Groceries", "Sign in> "),
               ("signup ada secret", "Note> "), ("add milk", "Note> ")])

question = "Unsaved work would be lost (Note: the title and the text (1 line)). Drop it? [y/N] "
child.sendcontrol("d")
step(child, "Ctrl-D asks first", question)
child.send("n\r")
step(child, "'n' keeps the session", "'quit' would lose unsaved work")
step(child, "the editor is still on screen", "Note> ")

child.send("quit\r")
step(child, "'quit' asks too", question)
child.send("n\r")
step(child, "the editor is on screen again", "Note> ")

child.send("save\r")
step(child, "the note was saved", "Saved 'Groceries'.")
step(child, "back on the list", "Notes> ")
child.sendcontrol("d")
try:
    child.expect(pexpect.EOF)
except pexpect.TIMEOUT:
    print("Ctrl-D with nothing unsaved did not end the session:", child.before[-600:])
    sys.exit(1)
child.close()
if child.exitstatus != 0:
    print("exit status", child.exitstatus)
    sys.exit(1)
print("ok")
