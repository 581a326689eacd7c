"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): plugin code makes the
session's journal a FIFO, and both processes are then killed, so the journal's name stays in
`sessions/`. The next start at a terminal looks there for unsaved work to offer; it must not wait
on the FIFO (an open for reading waits for a writer): it reaches its prompt and the session works.

Usage: journal_trap.py VIPER DATA_DIR PLUGIN
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import signal
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data, plugin = sys.argv[1:4]
env = environment(data)

first = spawn(viper, ["--plugins", plugin], env)
step(first, "the shell starts", "viper> ")
run_all(first, [("open fault", "Fault> ")])
first.send("fault fifo-journal\r")
step(first, "the journal was made a FIFO", "made the journal a FIFO")
first.kill(signal.SIGKILL)  # the supervisor; the worker dies with it
first.close(force=True)

second = spawn(viper, ["--plugins", plugin], env, timeout=15)
step(second, "the next start reaches its prompt", "viper> ")
run_all(second, [("where", "Home")])
end(second, "quit")
print("ok")
