# Nested with statements (two levels, and `with a, b:`) with user-defined managers: body calls go to the __exit__ cleanup.
# The inner bodies share their with line: 3.8 gives the cleanup the body's last line, later releases the with line.
class Manager:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return exc_type is not None and issubclass(exc_type, KeyError)


def prepare():
    return None


def body(value):
    if value < 0:
        raise KeyError(value)
    return value


def finish():
    return None


def two_levels(value):
    prepare()
    with Manager("outer"):
        with Manager("inner"): body(value)
        finish()
    return value


def two_items(value):
    with Manager("a") as a, Manager("b") as b: body(value)
    return a, b


two_levels(1)
two_levels(-1)
two_items(1)
two_items(-1)
