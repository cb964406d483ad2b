# functools.update_wrapper(wrapper, f) copies f's metadata and returns wrapper itself.
import functools


class Result:
    def unwrap(self):
        return 1


class Unused:
    def unwrap(self):
        return 0


def traced(fn):
    def wrapper(*args):
        return fn(*args)
    return functools.update_wrapper(wrapper, fn)


@traced
def compute(x):
    return Result()


def run():
    r = compute(5)
    return r.unwrap()


run()
