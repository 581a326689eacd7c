"""Drives viper on a pseudo-terminal with live plugins (run by LiveReloadSessionTests): version 1
on screen, version 2 copied over its file in place, 'reload' prints the notice, the module on
screen still draws version 1 and a fresh 'open' draws version 2; a broken version 3 leaves
version 2 serving; a new plugin appears and a removed one is withdrawn.

Usage: live_session.py VIPER DATA_DIR PLUGIN_FOLDER V1.so V2.so V3_BROKEN.so SHELF.so
Prints what failed and exits 1, or prints ok and exits 0.
"""
import os
import shutil
import sys

sys.dont_write_bytecode = True  # the shared module below leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from terminal_driver import end, environment, spawn, step  # noqa: E402

viper, data, folder, one, two, three, shelf = sys.argv[1:8]
env = environment(data, fixed_clock=False)
target = os.path.join(folder, "libLive.so")


def put(source, name):
    """As a build does: a new file renamed into place."""
    temporary = os.path.join(folder, "." + name + ".tmp")
    shutil.copyfile(source, temporary)
    os.chmod(temporary, 0o755)
    os.replace(temporary, os.path.join(folder, name))


put(one, "libLive.so")
child = spawn(viper, ["--plugins", folder], env, timeout=30, dimensions=(40, 120))
step(child, "the shell starts", "viper> ")
child.send("open live\r")
step(child, "version 1 is on screen", "version one drawn")
step(child, "its prompt", "Live> ")

inode = os.stat(target).st_ino
shutil.copyfile(two, target)  # cp over it: the same inode, written in place
if os.stat(target).st_ino != inode:
    print("the copy was not made in place")
    sys.exit(1)
child.send("reload\r")
step(child, "the notice", "reloaded live (version 2; 1 older image still mapped)")
step(child, "the module on screen keeps version 1", "version one drawn")
step(child, "its prompt", "Live> ")
child.send("open live\r")
step(child, "a fresh open draws version 2", "version two drawn")
step(child, "its prompt", "Live> ")

put(three, "libLive.so")
child.send("reload\r")
step(child, "the broken version is refused", "live changed but was not reloaded: plugin 'live' failed to register: version three is broken")
step(child, "version 2 keeps serving", "version 2 keeps serving")
child.send("open live\r")
step(child, "version 2 still opens", "version two drawn")
step(child, "its prompt", "Live> ")

put(shelf, "libShelf.so")
child.send("reload\r")
step(child, "a new plugin appears", "added shelf: routes shelf")
child.send("open shelf\r")
step(child, "it opens", "shelf one drawn")
step(child, "its prompt", "Live> ")
os.remove(os.path.join(folder, "libShelf.so"))
child.send("reload\r")
step(child, "a removed plugin is withdrawn", "removed shelf: its routes are withdrawn; modules on screen keep working until they close")
child.send("open shelf\r")
step(child, "its route is gone", "plugin 'shelf' was removed while viper ran")
child.send("reload\r")
step(child, "nothing else changed", "no plugin changed")
end(child)
print("ok")
