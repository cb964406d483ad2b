# A try inside a try: the inner handler catches first; an exception in the inner handler goes to the outer one.
def step(value):
    if value == 1:
        raise KeyError(value)
    if value == 2:
        raise ValueError(value)
    return value


def inner_fix(value):
    if value == 1:
        raise ValueError("again")
    return value


def outer_fix():
    return 0


def setup():
    return None


def run(value):
    setup()
    try:
        try:
            step(value)
        except KeyError:
            inner_fix(value)
    except ValueError:
        outer_fix()
    return value


run(0)
run(1)
run(2)
