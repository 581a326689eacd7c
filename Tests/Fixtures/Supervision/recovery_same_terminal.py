"""Drives viper twice on one pseudo-terminal, under a shell, as a person does (run by
SupervisedTerminalTests): the first viper is killed (SIGKILL of the supervisor takes the worker
with it) while readline has the terminal in raw mode, which the kill leaves behind; the next viper
on the same terminal must still take the answer 'recover' and Enter.

Usage: recovery_same_terminal.py VIPER DATA_DIR
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import signal
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import environment, run_all, spawn, step  # noqa: E402

viper, data = sys.argv[1:3]
env = environment(data, PS1="sh$ ")


def children(pid):
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    found.append(int(name))
            except (OSError, IndexError, ValueError):
                pass
    return found


# sh puts no terminal settings back after a job dies (bash does): the terminal stays raw, so the
# next command is ended with Ctrl-J, as a person there does; viper's own prompt must take Enter.
shell = spawn("/bin/sh", ["-i"], env)
step(shell, "the shell starts", "sh$ ")
shell.send(f"'{viper}'\r")
step(shell, "viper starts", "viper> ")
run_all(shell, [("open notes", "Notes> "), ("new Draft", "Sign in> "), ("signup ada secret", "Note> "),
               ("add kept across a kill", "Note> ")])
for pid in children(shell.pid):
    os.kill(pid, signal.SIGKILL)
step(shell, "the shell's prompt is back", "sh$ ")
shell.send(f"'{viper}'\n")
step(shell, "the next start offers the work", "type 'recover' or 'discard': ")
shell.send("recover\r")
step(shell, "Enter ends the answer and the session comes back", "Recovered: Home › Notes › Note")
step(shell, "and the editor's prompt", "Note> ")
shell.send("quit!\r")
step(shell, "viper ends", "sh$ ")
print("ok")
