"""A plugin file changes while a person is typing at viper's prompt (run by LiveShellTests).

Usage: notice_session.py VIPER DATA_DIR PLUGIN_FOLDER PLUGIN_SO
viper runs on a pseudo-terminal with VIPER_RELOAD_PROBE=1, whose reloader loads nothing and
answers 'probe: NAME changed' (or 'removed'): this checks the watching and the notice line,
not a reload. Half a command is typed, a plugin file is copied into the watched folder, and
the notice must appear above the prompt with the half-typed line kept and the cursor where
it was; then the same with --no-watch, where no notice may come.
Prints what failed and exits 1, or prints ok.
"""
import os
import shutil
import sys
import time

import pexpect

viper, data, folder, plugin = sys.argv[1:5]
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "VIPER_PLUGIN_PATH")}
env.update(TERM="xterm", VIPER_DATA_DIR=data, HOME=os.path.dirname(data), INPUTRC="/dev/null",
           VIPER_RELOAD_PROBE="1", NO_COLOR="1")


def fail(what, child):
    print(f"{what}; the screen ended with {child.before[-400:]!r}")
    sys.exit(1)


def step(child, what, expected, timeout=15):
    try:
        child.expect_exact(expected, timeout=timeout)
    except (pexpect.TIMEOUT, pexpect.EOF):
        fail(f"{what}: expected {expected!r}", child)


def start(*flags):
    child = pexpect.spawn(viper, ["--plugins", folder, *flags], env=env, encoding="utf-8", timeout=15,
                          dimensions=(40, 100))
    step(child, "the prompt", "viper> ")
    return child


# Watching (the default on a terminal): the notice comes above the prompt, the typed half stays.
child = start()
child.send("whre")
step(child, "the half-typed line is echoed", "whre")
child.send("\x1b[D\x1b[D")  # the cursor two to the left: between 'wh' and 're'
time.sleep(0.3)
started = time.monotonic()
shutil.copyfile(plugin, os.path.join(folder, "libLivePlugin.so"))
step(child, "the notice of the new file", "probe: libLivePlugin.so changed\r\n", timeout=5)
elapsed = time.monotonic() - started
if elapsed > 2.0:
    print(f"the notice came {elapsed:.2f} s after the change (more than 2 s)")
    sys.exit(1)
step(child, "the prompt and the half-typed line are drawn again", "viper> whre")
# Typed where the cursor was, 'e' makes 'where'; a lost line or cursor would not.
child.send("e\r")
step(child, "the kept line ran with the letter typed at the kept cursor", "Home\r\n")
os.remove(os.path.join(folder, "libLivePlugin.so"))
step(child, "the notice of the removed file", "probe: libLivePlugin.so removed\r\n", timeout=5)
child.send("quit\r")
child.expect(pexpect.EOF)

# --no-watch: the same change prints nothing.
child = start("--no-watch")
shutil.copyfile(plugin, os.path.join(folder, "libLivePlugin.so"))
try:
    child.expect_exact("probe:", timeout=2)
    fail("--no-watch printed a notice", child)
except pexpect.TIMEOUT:
    pass
child.send("where\r")
step(child, "the shell still runs", "Home\r\n")
child.send("quit\r")
child.expect(pexpect.EOF)
print("ok")
