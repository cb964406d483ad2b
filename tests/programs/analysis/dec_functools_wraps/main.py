# A wrapper decorated with functools.wraps is still the wrapper that gets called.
import functools


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@logged
def area(w, h):
    return w * h


def run():
    return area(2, 3)


run()
