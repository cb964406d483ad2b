# An exception raised two calls down, re-raised by a bare `raise`, caught above.
class Problem(Exception):
    def report(self):
        return "problem"


def deep():
    raise Problem()


def middle():
    try:
        deep()
    except Problem:
        raise


def top():
    try:
        middle()
    except Problem as p:
        return p.report()
    finally:
        cleanup()


def cleanup():
    return None


top()
