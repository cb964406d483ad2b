"""Running example: two closures made by `bind`, a `with Guard()` block, a branch
on `flag`, and the cleanup path taken when a callback raises."""


def source():
    return object()


def audit(value):
    return value


class Guard:
    def __enter__(self):
        return source()

    def __exit__(self, kind, value, trace):
        audit(value)
        return False


def left(value):
    return value


def right(value):
    raise ValueError(value)


def bind(callback):
    def invoke(value):
        return callback(value)

    return invoke


def run(flag):
    primary = bind(left)
    fallback = bind(right)
    with Guard() as value:
        if flag:
            primary(value)
        else:
            fallback(value)


run(True)
