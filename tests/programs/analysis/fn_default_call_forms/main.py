# Which calls leave a parameter to its default: a method call passes the receiver
# first, *args and **kwargs may pass anything, outside code passes what it likes.
def fallback():
    return "fallback"


def spare():
    return "spare"


def star_default():
    return "star"


def kw_default():
    return "kw"


def mapped_default():
    return "mapped"


def given():
    return "given"


class Greeter:
    def greet(self, cb=spare):
        return cb()

    def wave(self, cb=fallback):
        return cb()


def by_star(a, cb=star_default):
    return cb()


def by_kwargs(a, *, cb=kw_default):
    return cb()


def by_map(a, cb=mapped_default):
    return cb()


def run(g, args, kwargs):
    # The receiver fills self: greet's cb is always passed, wave's never.
    g.greet(given)
    g.greet(cb=given)
    g.wave()
    by_star(*args)
    by_kwargs(1, **kwargs)
    by_kwargs(2, cb=given)
    # map calls by_map with one argument: its cb default is used.
    list(map(by_map, [1, 2]))


run(Greeter(), (1,), {})
run(Greeter(), (1, given), {"cb": given})
