"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): plugin code that hands the
terminal to another process group of the session (`tcsetpgrp`) would leave viper in the background,
stopped as soon as it reads a key, with Ctrl-C reaching only that group. The worker's filter
refuses it: the command fails with one line, and the person's session goes on at its prompt.

Usage: terminal_taken.py VIPER DATA_DIR PLUGIN
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data, plugin = sys.argv[1:4]
child = spawn(viper, ["--plugins", plugin], environment(data), timeout=15)
step(child, "the shell starts", "viper> ")
run_all(child, [("open fault", "Fault> ")])
child.send("fault take-terminal\r")
step(child, "the hand-over is refused",
     "error: giving the terminal to another process group was refused: Operation not permitted")
step(child, "the prompt comes back", "Fault> ")
run_all(child, [("where", "Home › Fault"), ("back", "viper> ")])
end(child, "quit")
print("ok")
