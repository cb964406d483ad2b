# Two more ways to name a submodule: `import a.b as c` and `from a import b`.
import pkg.fast as f
from pkg import slow


def run():
    return f.go() + slow.go()


run()
