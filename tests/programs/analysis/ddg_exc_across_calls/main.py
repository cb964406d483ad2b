# An exception raised in a callee reaches the handler around the call one or two levels up; one raised by a call made before the try goes past it to the module's handler.
def check(v):
    if v < 0:
        raise ValueError(v)
    return v


def validate(v):
    return check(v)


def fail(v):
    raise KeyError(v)


def prepare(v):
    if v == 0:
        raise TypeError(v)
    return v


def use(v):
    prepare(v)
    try:
        return validate(v)
    except ValueError as err:
        return err


def other(v):
    try:
        return fail(v)
    except KeyError as missing:
        return missing


use(1)
use(-1)
other(2)
try:
    use(0)
except TypeError as late:
    pass
