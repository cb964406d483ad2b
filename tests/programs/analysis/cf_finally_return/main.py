# return inside try and inside except, with a finally: the finally body still runs before returning.
def compute(value):
    if value < 0:
        raise ValueError(value)
    return value


def handle():
    return 0


def cleanup():
    return None


def tail():
    return "tail"


def early(value):
    try:
        return compute(value)
    finally:
        cleanup()


def from_handler(value):
    try:
        compute(value)
    except ValueError:
        return handle()
    finally:
        cleanup()
    return tail()


early(1)
try:
    early(-1)
except ValueError:
    pass
from_handler(1)
from_handler(-1)
