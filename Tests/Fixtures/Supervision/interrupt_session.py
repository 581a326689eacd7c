"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): Ctrl-C on a command whose
plugin code has run for less than 3 s means what it means without a supervisor: viper ends, dying of
SIGINT, with no notice and no crash line. The note editor's unsaved text below it is not lost: the
next start offers it, and 'recover' brings the editor back with it.

Usage: interrupt_session.py VIPER DATA_DIR PLUGIN
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import signal
import sys

import pexpect

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data, plugin = sys.argv[1:4]
env = environment(data)


first = spawn(viper, ["--plugins", plugin], env)
step(first, "the shell starts", "viper> ")
run_all(first, [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
               ("add kept across a Ctrl-C", "Note> "), ("open fault", "Fault> ")])
first.send("fault hang\r")
step(first, "the command was typed", "fault hang\r\n")
first.sendintr()
try:
    first.expect(pexpect.EOF)
except pexpect.TIMEOUT:
    print(f"viper did not end on Ctrl-C; screen ended with {first.before[-800:]!r}")
    sys.exit(1)
said = first.before
first.close()
if "press Ctrl-C again" in said or "error:" in said or "still hanging" in said:
    print(f"a quick command's Ctrl-C got a notice, a crash line or ran on: {said[-800:]!r}")
    sys.exit(1)
if first.signalstatus != signal.SIGINT:
    print(f"viper ended with {first.exitstatus} {first.signalstatus}, not SIGINT")
    sys.exit(1)

second = spawn(viper, ["--plugins", plugin], env)
step(second, "the next start offers the text", "Recovered unsaved work from ")
step(second, "it names what it keeps", "NoteEditing of 'notes': type 'recover' or 'discard': ")
second.send("recover\r")
step(second, "the session comes back, the module that ran on top", "Recovered: Home › Notes › Note › Fault")
step(second, "its prompt", "Fault> ")
second.send("back\r")
step(second, "the note below it has the text", "kept across a Ctrl-C\r\n")
step(second, "and the editor's prompt", "Note> ")
end(second, "quit!")
print("ok")
