# left() and right() raise a Failure carrying different callbacks; each caller's handler calls what its Failure carries.
class Failure(Exception):
    def __init__(self, on_fail):
        self.on_fail = on_fail


def warn_left():
    return "left"


def warn_right():
    return "right"


def left():
    raise Failure(warn_left)


def right():
    raise Failure(warn_right)


def use_left():
    try:
        left()
    except Failure as err:
        return err.on_fail()


def use_right():
    try:
        right()
    except Failure as err:
        return err.on_fail()


use_left()
use_right()
