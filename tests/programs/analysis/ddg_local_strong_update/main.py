# Straight-line rebinding of a local: each store kills the one before it; a with target is a store too.
from contextlib import nullcontext


def rebind():
    a = 1
    a = 2
    b = a
    a = 3
    return a + b


def managed():
    with nullcontext(4) as c:
        d = c
    return c + d


rebind()
managed()
