# A return that gives a parameter before any store to it can reach gives each call what it
# passed there, even when the function's other returns give other values.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Text:
    def m(self):
        return "text"


def coerce(value):
    # value is stored to below, but no store comes before the first return.
    if isinstance(value, (A, B)):
        return value
    value = Text()
    return value


def use_coerce_a():
    return coerce(A()).m()


def use_coerce_b():
    return coerce(B()).m()


def use_coerce_other():
    return coerce(1).m()


def keep(value, check):
    # Never stored to: the first return gives the argument, the other a new value.
    if check(value):
        return value
    return Text()


def use_keep_a():
    return keep(A(), bool).m()


def use_keep_b():
    return keep(B(), bool).m()


def last_of(item, more):
    # The store at the end of the loop body reaches the return on the next iteration.
    for following in more:
        if following is None:
            return item
        item = following
    return item


def use_last_a():
    return last_of(A(), [None]).m()


def use_last_b():
    return last_of(B(), []).m()


def pick(first, second, use_first):
    # Two parameters, two returns: each gives what its call passed there.
    if use_first:
        return first
    return second


def use_pick():
    return pick(A(), A(), True).m()


def use_pick_other():
    return pick(B(), B(), False).m()


def through(value, *rest):
    # A star call may bind value from any element: it gets whatever through returns anywhere.
    if rest:
        return value
    return Text()


def use_star(*items):
    return through(*items).m()


use_coerce_a()
use_coerce_b()
use_coerce_other()
use_keep_a()
use_keep_b()
use_last_a()
use_last_b()
use_pick()
use_pick_other()
use_star(A(), 1)
