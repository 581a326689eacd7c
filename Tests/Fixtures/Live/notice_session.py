"""A plugin file changes while a person is typing at viper's prompt (run by LiveShellTests).

Usage: notice_session.py VIPER DATA_DIR PLUGIN_FOLDER PLUGIN_SO
viper runs on a pseudo-terminal with VIPER_RELOAD_PROBE=1, whose reloader loads nothing and
answers 'probe: NAME changed' (or 'removed'): this checks the watching and the notice line,
not a reload. Half a command is typed, a plugin file is copied into the watched folder, and
the notice must appear above the prompt with the half-typed line kept and the cursor where
it was; then the same with --no-watch, where no notice may come.
Prints what failed and exits 1, or prints ok.
"""
import io
import os
import shutil
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, fail, spawn, step  # noqa: E402

viper, data, folder, plugin = sys.argv[1:5]
copy = os.path.join(folder, "libLivePlugin.so")


def start(data, *flags):
    env = environment(data, term="xterm", fixed_clock=False, VIPER_RELOAD_PROBE="1")
    child = spawn(viper, ["--plugins", folder, *flags], env, timeout=15, dimensions=(40, 100))
    step(child, "the prompt", "viper> ")
    return child


# Watching (the default on a terminal): the notice comes above the prompt, the typed half stays.
child = start(data)
child.send("whre")
step(child, "the half-typed line is echoed", "whre")
child.send("\x1b[D\x1b[D")  # the cursor two to the left: between 'wh' and 're'
step(child, "the cursor moved two to the left", "\b\b")
shutil.copyfile(plugin, copy)
step(child, "the notice of the new file", "probe: libLivePlugin.so changed\r\n")
step(child, "the prompt and the half-typed line are drawn again", "viper> whre")
# Typed where the cursor was, 'e' makes 'where'; a lost line or cursor would not.
child.send("e\r")
step(child, "the kept line ran with the letter typed at the kept cursor", "Home\r\n")
os.remove(copy)
step(child, "the notice of the removed file", "probe: libLivePlugin.so removed\r\n")

# --no-watch: the same change prints nothing. The watching viper beside it is the witness that
# the change has been seen, so the check waits for that event, not for a time.
quiet = start(os.path.join(os.path.dirname(data), "no-watch-data"), "--no-watch")
screen = quiet.logfile_read = io.StringIO()  # everything it prints from here on
shutil.copyfile(plugin, copy)
step(child, "the watching viper saw the new file", "probe: libLivePlugin.so changed\r\n")
quiet.send("where\r")
step(quiet, "the shell still runs", "Home\r\n")
step(quiet, "and its prompt is back", "viper> ")
if "probe:" in screen.getvalue():
    fail("--no-watch printed a notice", quiet)
end(quiet)
end(child)
print("ok")
