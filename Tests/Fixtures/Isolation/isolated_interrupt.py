"""Drives viper on a pseudo-terminal (run by IsolatedPluginTests): an isolated plugin whose command
ignores Ctrl-C and never answers. The first Ctrl-C after 3 s says what runs and that a second stops
the plugin's process; the second ends that process alone: one line, the module closed, the same
worker goes on (no restart, no crash report), and the plugin opens again in a new process.

Usage: isolated_interrupt.py VIPER DATA_DIR PLUGIN_FOLDER
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import re
import sys
import time

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, fail, run, spawn, step  # noqa: E402

viper, data, plugins = sys.argv[1:4]
env = environment(data)
log = os.path.join(data, "viper.log")


def workers(supervisor):
    """The supervisor's children: its worker (and nothing else between commands)."""
    with open(f"/proc/{supervisor}/task/{supervisor}/children") as children:
        return children.read().split()


def wait_for_log(child, text):
    """Waits until viper's log holds `text` (the plugin logs through viper as it runs)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if os.path.exists(log) and text in open(log, encoding="utf-8", errors="replace").read():
            return
        time.sleep(0.05)
    fail(f"the log never said {text!r}", child)


def plugin_pid(child):
    """Asks the plugin which process runs it."""
    run(child, "pid", "Rogue> ")
    found = re.findall(r"pid (\d+)", child.before)
    if not found:
        fail("the plugin did not say its pid", child)
    return int(found[-1])


child = spawn(viper, ["--plugins", plugins, "--isolate", "rogue"], env)
step(child, "the shell starts", "viper> ")
run(child, "open rogue", "Rogue> ")
before = plugin_pid(child)
worker = workers(child.pid)

child.send("deaf\r")
step(child, "the command was typed", "deaf\r\n")
wait_for_log(child, "rogue deaf for 3 s")
child.sendintr()
step(child, "the first Ctrl-C says what runs", "viper: plugin 'rogue' is still running command 'deaf' for ")
step(child, "and what a second does", " s in its isolated process; press Ctrl-C again to stop that process (viper closes its module and goes on)")
child.sendintr()
step(child, "the one line", "error: plugin 'rogue' (isolated) was stopped with Ctrl-C; its module was closed, and it starts again when next opened")
step(child, "the session goes on at home", "viper> ")
if "restored:" in child.before:
    fail("the worker was restarted", child)
if workers(child.pid) != worker:
    fail(f"the worker changed: {worker} then {workers(child.pid)}", child)
try:
    os.kill(before, 0)
    fail(f"the plugin's process {before} still runs", child)
except ProcessLookupError:
    pass
if os.path.isdir(os.path.join(data, "crashes")) and os.listdir(os.path.join(data, "crashes")):
    fail("a crash report was written", child)

run(child, "open rogue", "Rogue> ")
after = plugin_pid(child)
if after == before:
    fail("the plugin opened again in the process that was stopped", child)
end(child, "quit")
print("ok")
