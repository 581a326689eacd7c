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

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data = sys.argv[1:3]
env = environment(data)


first = spawn(viper, [], env)
step(first, "the shell starts", "viper> ")
run_all(first, [("open notes", "Notes> "), ("new Old", "Sign in> "), ("signup ada secret", "Note> "),
               ("add v1", "Note> "), ("save", "Notes> "), ("edit 1", "Note> "), ("add v2 after the kill", "Note> ")])
os.kill(first.pid, signal.SIGKILL)
first.expect(pexpect.EOF)
first.close()

second = spawn(viper, [], env)
step(second, "the next start offers the work", "type 'recover' or 'discard': ")
second.send("recover\r")
step(second, "the session comes back", "Recovered: Home › Notes › Note")
step(second, "and the editor's prompt", "Note> ")
second.send("save\r")
step(second, "the editor saved and closed: back on the list", "1. Old — v1 (modified")
step(second, "at the list's prompt", "Notes> ")
end(second)
print("ok")
