# Names an __init__ re-exports from its submodules, used both ways.
import lib
from lib import parse


def run():
    return parse("1") + lib.render(2)


run()
