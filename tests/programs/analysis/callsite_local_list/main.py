# collect(x) appends x to a fresh local list and returns it: use_a collects an A, use_b a B.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def collect(x):
    items = []
    items.append(x)
    return items


def use_a():
    r = collect(A())[0]
    return r.m()


def use_b():
    r = collect(B())[0]
    return r.m()


use_a()
use_b()
