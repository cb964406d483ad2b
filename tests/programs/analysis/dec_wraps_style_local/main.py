# The functools.wraps shape written in the package: a factory copying metadata
# from the wrapped function onto the wrapper and returning the wrapper.
def keep_name(original):
    def apply(wrapper):
        wrapper.__name__ = original.__name__
        return wrapper
    return apply


def guarded(fn):
    @keep_name(fn)
    def guard(x):
        return fn(x) if x else None
    return guard


@guarded
def invert(x):
    return 1 / x


invert(4)
