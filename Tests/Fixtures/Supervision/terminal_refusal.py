"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): plugin code that makes a
call the worker's filter refuses because of what it would do to the terminal the session shares.
The command fails with one line naming what was refused, and the person's session goes on at its
prompt. The faults:

- take-terminal: hands the terminal to another process group of the session (`tcsetpgrp`),
  which would leave viper in the background, stopped as soon as it reads a key, with Ctrl-C
  reaching only that group;
- type-quit: types Ctrl-\\ into the terminal as if the person did (`TIOCSTI`), which the
  terminal turns into SIGQUIT for its foreground group, the supervisor's, with no `kill` at all;
- steal-terminal: a child in a new session takes the terminal for it (`TIOCSCTTY` with 1, which
  root alone may do), after which Ctrl-C reaches only that session's group;
- hang-up-terminal: hangs the terminal up (`TIOCVHANGUP`, root alone), which sends SIGHUP to
  viper and to the person's shell.

Usage: terminal_refusal.py VIPER DATA_DIR PLUGIN FAULT REFUSED
(REFUSED: what the error line says was refused.)
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, run_all, spawn, step  # noqa: E402

viper, data, plugin, fault, refused = sys.argv[1:6]
child = spawn(viper, ["--plugins", plugin], environment(data), timeout=15)
step(child, "the shell starts", "viper> ")
run_all(child, [("open fault", "Fault> ")])
child.send(f"fault {fault}\r")
step(child, "the call is refused", f"error: {refused} was refused: Operation not permitted")
step(child, "the prompt comes back", "Fault> ")
run_all(child, [("where", "Home › Fault"), ("back", "viper> ")])
end(child, "quit")
print("ok")
