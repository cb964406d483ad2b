# An if inside an if: the inner arms depend on the inner test only, the inner test on the outer test.
def both():
    return 2


def first_only():
    return 1


def neither():
    return 0


def done(r):
    return r


def route(a, b):
    if a > 0:
        if b > 0:
            r = both()
        else:
            r = first_only()
    else:
        r = neither()
    r = done(r)
    return r


# The same with the inner if in the outer else arm: there the outer test's line is in one
# block only in every release (3.14+ puts the NOT_TAKEN of a test, on the test's line,
# at the start of the fall-through arm, which here holds the inner test).
def route_else(a, b):
    if a <= 0:
        r = neither()
    else:
        if b > 0:
            r = both()
        else:
            r = first_only()
    r = done(r)
    return r


route(1, 1)
route(1, -1)
route(-1, 1)
route_else(1, 1)
route_else(1, -1)
route_else(-1, 1)
