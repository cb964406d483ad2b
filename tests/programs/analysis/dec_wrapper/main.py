# A decorator returning a wrapper: the decorated name is the wrapper.
def trace(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


@trace
def compute(x):
    return x * 2


def run():
    return compute(21)


run()
