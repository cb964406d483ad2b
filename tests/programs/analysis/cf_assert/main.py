# assert cond, msg: the failing path raises AssertionError, to the exit or to the enclosing handler.
def describe(n):
    return "negative: %d" % n


def settle(n):
    return n


def recover(n):
    return -n


def check(n):
    assert n >= 0, describe(n)
    settle(n)
    return n


def guarded(n):
    try:
        assert n < 100, "too big"
        settle(n)
    except AssertionError:
        recover(n)
    return n


check(3)
try:
    check(-1)
except AssertionError:
    pass
guarded(5)
guarded(500)
