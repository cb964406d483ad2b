# A star import without __all__ brings every public global, no _private one.
from tools import *


def _helper():
    return "main's own"


def run():
    return clean(" x ") + _helper()


run()
