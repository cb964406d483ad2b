# A raise inside a try reaches the handler that binds it in the same function: each of two tries' raises reaches its own handler, and a raise before the try reaches none there.
def run(v):
    try:
        raise ValueError(v)
    except ValueError as first:
        a = first
    try:
        raise KeyError(v)
    except KeyError as second:
        b = second
    return a, b


def guard(v):
    if v < 0:
        raise TypeError(v)
    try:
        raise ValueError(v)
    except Exception as err:
        return err


run(1)
guard(1)
try:
    guard(-1)
except TypeError as outer:
    pass
