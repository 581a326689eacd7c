"""Drives viper on a pseudo-terminal as a person would (run by ShellTerminalTests).

Usage: tty_session.py VIPER DATA_DIR PLUGIN
Checks Tab completion, line editing, colour, and history across two runs.
Prints what failed and exits 1, or exits 0.
"""
import os
import sys

import pexpect

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import environment, spawn, step  # noqa: E402

viper, data, plugin = sys.argv[1:4]


def start(colour=True):
    child = spawn(viper, ["--plugins", plugin], environment(data, term="xterm", colour=colour, fixed_clock=False),
                  timeout=15, dimensions=(40, 100))
    step(child, "the shell starts", "viper> ")
    return child


# First run: colour on, Tab completes a command and a route, Ctrl-A edits the line.
child = start()
child.send("op\t")
step(child, "Tab completes the command", "open ")
child.send("inb\t")  # 'inbox' and 'inbox?filter=' share 'inbox': readline inserts 'ox' (and rings)
step(child, "Tab completes the route", "ox")
child.send("\r")
step(child, "the header is bold on a terminal", "\x1b[1mInbox\x1b[0m")
step(child, "the prompt names the module", "Inbox> ")
child.send("here\x01w\r")  # type 'here', Ctrl-A to the start, insert 'w'
step(child, "line editing made 'where'", "Home › Inbox\r\n")
child.send("re\t\t")
step(child, "Tab completes a module command", "read ")
child.send("\x15quit\r")  # Ctrl-U clears the line
child.expect(pexpect.EOF)

# Second run: history from the first run, no colour with NO_COLOR.
child = start(colour=False)
child.send("\x1b[A\x1b[A\x1b[A")  # Up three times: quit, where, open inbox
step(child, "history kept across runs", "open inbox")
child.send("\r")
step(child, "the recalled line ran", "Inbox> ")
if "\x1b[1m" in child.before:
    print("NO_COLOR: the screen still had colour:", repr(child.before[-300:]))
    sys.exit(1)
child.sendcontrol("d")
child.expect(pexpect.EOF)

history = open(os.path.join(data, "history")).read().splitlines()
if history[:3] != ["open inbox", "where", "quit"]:
    print("history file:", history)
    sys.exit(1)
print("ok")
