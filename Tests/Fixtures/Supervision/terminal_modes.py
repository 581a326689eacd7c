"""Drives viper on a pseudo-terminal (run by SupervisedTerminalTests): plugin code that turns the
terminal's signal characters off (ISIG, as a program that reads Ctrl-C as a key does) and leaves
them so would take Ctrl-C away from every later command, since the terminal then makes no SIGINT
for anyone to count. The shell puts its own modes back before each prompt: a later hang still
ends on Ctrl-C, as it does in a session no plugin touched.

Usage: terminal_modes.py VIPER DATA_DIR PLUGIN
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import sys

import pexpect

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import environment, run_all, spawn, step  # noqa: E402

viper, data, plugin = sys.argv[1:4]
child = spawn(viper, ["--plugins", plugin], environment(data), timeout=15)
step(child, "the shell starts", "viper> ")
run_all(child, [("open fault", "Fault> ")])
child.send("fault quiet-terminal\r")
step(child, "the plugin turned the signal characters off", "the terminal's signal characters are off")
step(child, "the prompt comes back", "Fault> ")
child.send("fault hang\r")
step(child, "a later command hangs", "still hanging after 1 s")
child.sendintr()
try:
    child.expect(pexpect.EOF, timeout=10)
except pexpect.TIMEOUT:
    print(f"Ctrl-C did not stop the hang; screen ended with {child.before[-400:]!r}")
    sys.exit(1)
print("ok")
