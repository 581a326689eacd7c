"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): plugin code that types into
the terminal as if it were the person (`TIOCSTI`) could type Ctrl-\\, which the terminal turns
into SIGQUIT for its foreground process group (the supervisor's) with no `kill` the filter sees,
or type commands into the person's shell once viper ends. The worker's filter refuses it: the
command fails with one line, and the person's session goes on at its prompt.

Usage: terminal_typed.py VIPER DATA_DIR PLUGIN
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
child.send("fault type-quit\r")
step(child, "the typing is refused", "error: typing into the terminal was refused: Operation not permitted")
step(child, "the prompt comes back", "Fault> ")
run_all(child, [("where", "Home › Fault"), ("back", "viper> ")])
end(child, "quit")
print("ok")
