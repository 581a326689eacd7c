"""The shared part of the pexpect drivers that run viper on a pseudo-terminal as a person would.

Each driver is run as `python3 Tests/Fixtures/<Area>/<name>.py ...` by a Swift test and starts with

    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from terminal_driver import environment, run, spawn, step

The environment keeps the tests away from the person's own viper (data folder, home, plugin
path, readline settings, password) and, unless asked otherwise, fixes the clock viper reads.
A step that does not see what it expects prints one line (what, what was expected, the end of
the screen) and exits 1; a driver that reaches its end prints 'ok'.
"""
import os
import sys

import pexpect

# The fixed time viper reads instead of the system clock (VIPER_NOW), so screens with dates are stable.
FIXED_CLOCK = {"VIPER_NOW": "2026-12-01T09:00:00Z", "VIPER_TZ": "UTC"}

# Variables of the person running the tests that would change what viper does.
FOREIGN = ("NO_COLOR", "VIPER_PLUGIN_PATH", "VIPER_PASSWORD")


def environment(data, term="dumb", colour=False, fixed_clock=True, **extra):
    """The environment for a viper whose data folder is `data` (its parent is the home folder)."""
    env = {k: v for k, v in os.environ.items() if k not in FOREIGN}
    env.update(TERM=term, VIPER_DATA_DIR=data, HOME=os.path.dirname(data), INPUTRC="/dev/null")
    if not colour:
        env["NO_COLOR"] = "1"
    if fixed_clock:
        env.update(FIXED_CLOCK)
    env.update(extra)
    return env


def spawn(program, arguments, env, timeout=20, dimensions=(40, 200)):
    """Starts `program` on a pseudo-terminal; `timeout` is how long a step waits for its text."""
    return pexpect.spawn(program, arguments, env=env, encoding="utf-8", timeout=timeout, dimensions=dimensions)


def fail(what, child):
    """Prints what failed with the end of the screen, and exits 1."""
    print(f"{what}, screen ended with {child.before[-800:]!r}")
    sys.exit(1)


def step(child, what, expected, timeout=-1):
    """Waits for `expected` on the screen (up to the child's timeout, or `timeout` seconds)."""
    try:
        child.expect_exact(expected, timeout=timeout)
    except (pexpect.TIMEOUT, pexpect.EOF):
        fail(f"{what}: expected {expected!r}", child)


def run(child, line, expected):
    """Types `line` and Enter, and waits for `expected`."""
    child.send(line + "\r")
    step(child, line, expected)


def run_all(child, lines):
    """Runs each (line, expected) in turn."""
    for line, expected in lines:
        child.send(line + "\r")
        step(child, f"'{line}' ran", expected)


def end(child, line="quit"):
    """Types `line` (by default 'quit') and waits for viper to end."""
    child.send(line + "\r")
    try:
        child.expect(pexpect.EOF)
    except pexpect.TIMEOUT:
        fail(f"'{line}' did not end viper", child)
