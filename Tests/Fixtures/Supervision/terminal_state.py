"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): plugin code that leaves the
terminal's state changed after its command, which would take the prompt or Ctrl-C away from every
later command. The shell puts its own state back before each prompt: the next command answers,
and a later hang still ends on Ctrl-C, as it does in a session no plugin touched. The faults:

- quiet-terminal: turns the terminal's signal characters off (ISIG, as a program that reads
  Ctrl-C as a key does), so the terminal makes no SIGINT for anyone to count;
- own-group: moves viper's worker into a process group of its own, in the background, where its
  reads of the terminal fail (readline prompted again and again, and nothing typed arrived);
- close-input, close-output: closes standard input (each later read is the end of input, and
  the session ended) or standard output (the screens after it went nowhere).

Usage: terminal_state.py VIPER DATA_DIR PLUGIN FAULT SAYS
(SAYS: what the fault prints when it has done its harm.)
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

import pexpect

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import environment, run_all, spawn, step  # noqa: E402

viper, data, plugin, fault, says = sys.argv[1:6]
child = spawn(viper, ["--plugins", plugin], environment(data), timeout=15)
step(child, "the shell starts", "viper> ")
run_all(child, [("open fault", "Fault> ")])
child.send(f"fault {fault}\r")
step(child, "the plugin did its harm", says)
step(child, "the prompt comes back", "Fault> ")
run_all(child, [("where", "Home › Fault")])
step(child, "the prompt comes back after the next command", "Fault> ")
child.send("fault hang\r")
step(child, "a later command hangs", "still hanging after 1 s")
child.sendintr()
try:
    child.expect(pexpect.EOF, timeout=10)
except pexpect.TIMEOUT:
    print(f"Ctrl-C did not stop the hang; screen ended with {child.before[-400:]!r}")
    sys.exit(1)
print("ok")
