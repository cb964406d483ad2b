# if/else: each arm runs under one outcome of the test, and what follows runs after either arm.
def low(n):
    return n - 1


def high(n):
    return n + 1


def after(n):
    return n


def choose(n):
    if n > 10:
        r = high(n)
    else:
        r = low(n)
    r = after(r)
    return r


choose(5)
choose(20)
