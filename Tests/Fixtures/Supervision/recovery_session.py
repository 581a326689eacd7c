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

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data = sys.argv[1:3]
env = environment(data)


first = spawn(viper, [], env)
step(first, "the shell starts", "viper> ")
run_all(first, [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
               ("add kept across a kill", "Note> ")])
os.kill(first.pid, signal.SIGKILL)
first.expect(pexpect.EOF)
first.close()

second = spawn(viper, [], env)
step(second, "the next start offers the work", "Recovered unsaved work from ")
step(second, "it names what it keeps", "NoteEditing of 'notes': type 'recover' or 'discard': ")
second.send("recover\r")
step(second, "the session comes back", "Recovered: Home › Notes › Note")
step(second, "with the text", "kept across a kill\r\n")
step(second, "and the editor's prompt", "Note> ")
end(second, "quit!")

third = spawn(viper, [], env)
step(third, "nothing is offered twice", "viper> ")
if "Recovered" in third.before:
    print("the work was offered again after it was recovered")
    sys.exit(1)
end(third)
print("ok")
