# A function parameter called inside the callee.
def apply(fn, value):
    return fn(value)


def inc(x):
    return x + 1


def neg(x):
    return -x


def unused(x):
    return x


apply(inc, 1)
apply(neg, 2)
