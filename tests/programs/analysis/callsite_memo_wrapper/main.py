# remember(f) returns g, which stores f() in its own cache dict and reads it back: use_a wraps make_a, use_b make_b.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def make_a():
    return A()


def make_b():
    return B()


def remember(f):
    cache = {}

    def g(key):
        cache[key] = f()
        return cache[key]
    return g


def use_a():
    get = remember(make_a)
    r = get("k")
    return r.m()


def use_b():
    get = remember(make_b)
    r = get("k")
    return r.m()


use_a()
use_b()
