"""Drives the bundled viper on a pseudo-terminal (run by PasteFlowTests).

Usage: paste_session.py VIPER DATA_DIR CHECK
CHECK is 'paste' (a paste of several lines is text for the note editor, and is never run as
commands anywhere else) or 'delete' (delete asks on a terminal; 'n' keeps the note).
Prints what failed and exits 1, or prints 'ok' and exits 0.
"""
import os
import sys

import pexpect

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, fail, run, spawn, step  # noqa: E402

viper, data, check = sys.argv[1:4]
env = environment(data, term="xterm", XDG_DATA_HOME=os.path.dirname(data) + "/xdg")
START, END = "\x1b[200~", "\x1b[201~"

child = spawn(viper, [], env, timeout=30, dimensions=(40, 120))
step(child, "the terminal is asked for bracketed paste", "\x1b[?2004h")
step(child, "the shell starts", "viper> ")
run(child, "open notes", "Notes> ")

if check == "paste":
    run(child, "new Groceries", "Sign in> ")
    run(child, "signin ada secret", "No account 'ada'. Create it? [y/N] ")  # a new name asks first
    run(child, "y", "Note> ")
    # A paste whose lines look like commands: the editor takes them as text; nothing runs
    # until Enter, and then they are lines of the body, unsaved.
    child.send(START + "milk\nsave\nhome\n" + END)
    child.send("\r")
    step(child, "the pasted lines are the body, unsaved", "Unsaved: the title and the text (3 lines).")
    step(child, "... and the editor is still open", "Note> ")
    run(child, "where", "Home › Notes › Note")
    run(child, "save", "Saved 'Groceries'.")
    # At the list, a paste of several lines runs nothing and says so.
    child.send(START + "delete 1\nnew Other\n" + END + "\r")
    step(child, "the list refuses the paste", "a paste of 2 lines was not run")
    step(child, "and stays", "Notes> ")
    child.send("show 1\r")
    try:
        child.expect(r"milk\s+save\s+home\s")  # the three pasted lines are the saved body, in order
    except (pexpect.TIMEOUT, pexpect.EOF):
        fail("show 1: the body is not milk, save, home", child)
    # A paste of one line runs like a typed one.
    child.send(START + "find milk" + END + "\r")
    step(child, "a one-line paste runs", "1 note with every word of 'milk'")
elif check == "delete":
    run(child, "new Groceries", "Sign in> ")
    run(child, "signin ada secret", "No account 'ada'. Create it? [y/N] ")  # a new name asks first
    run(child, "y", "Note> ")
    run(child, "save", "Saved 'Groceries'.")
    run(child, "delete 1", "Delete 'Groceries' (note 1)? [y/N] ")
    run(child, "n", "Not done: 'delete' did not run.")
    run(child, "show 1", "Groceries")
    run(child, "delete 1", "Delete 'Groceries' (note 1)? [y/N] ")
    run(child, "y", "Deleted 'Groceries' (note 1): it is in the trash. Type 'undo'")
    run(child, "undo", "Back: 'Groceries' (note 1).")

end(child)
print("ok")
