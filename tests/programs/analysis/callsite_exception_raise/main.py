# fail(e) raises e: use_a raises an ErrA through it, use_b an ErrB; each catches it as `except Exception as err` and calls err.m().
class ErrA(Exception):
    def m(self):
        return "a"


class ErrB(Exception):
    def m(self):
        return "b"


def fail(e):
    raise e


def use_a():
    try:
        fail(ErrA())
    except Exception as err:
        return err.m()


def use_b():
    try:
        fail(ErrB())
    except Exception as err:
        return err.m()


use_a()
use_b()
