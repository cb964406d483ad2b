# `yield from`: the inner generator's values come out of the outer one, and
# the inner's return value is the value of the yield from expression.
def lint():
    return "lint"


def test():
    return "test"


def inner():
    yield lint
    return test


def outer():
    last = yield from inner()
    yield last


def run():
    for step in outer():
        step()


run()
