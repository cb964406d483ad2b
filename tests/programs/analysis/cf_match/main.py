# requires: 3.10
# match with literal, class, guarded and capture patterns: each case's test runs only when the ones before failed.
class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def zero():
    return "zero"


def on_axis():
    return "axis"


def large(n):
    return n


def fallback(other):
    return other


def finish(r):
    return r


def describe(subject):
    match subject:
        case 0:
            r = zero()
        case Point(x=0):
            r = on_axis()
        case int(n) if (
            n > 100
        ):
            r = large(n)
        case other:
            r = fallback(other)
    r = finish(r)
    return r


describe(0)
describe(Point(0, 1))
describe(500)
describe(7)
describe("s")
