# h = A() calls first() before a try; the except clause rebinds h to a B, which calls second()
# there; after the try, h is the A (nothing raised) or the B (the handler ran).
class A:
    def first(self):
        return "a"

    def second(self):
        return "a"

    def last(self):
        return "a"


class B:
    def first(self):
        return "b"

    def second(self):
        return "b"

    def last(self):
        return "b"


def fail():
    raise ValueError("no")


def use(should_fail):
    h = A()
    h.first()
    try:
        if should_fail:
            fail()
    except ValueError:
        h = B()
        h.second()
    h.last()


use(True)
use(False)
