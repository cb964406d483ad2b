"""An exception raised in a `with` block reaches the manager's `__exit__` as its
arguments (type, value, traceback); a normal exit passes `None`s."""


class Guard:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, trace):
        record(value)
        return True


def record(error):
    return error


def fail():
    with Guard():
        raise KeyError("k")


def calm():
    with Guard():
        pass


fail()
calm()
