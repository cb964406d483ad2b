# @contextlib.contextmanager: `with managed() as v` runs the generator up to its yield; v is what it yields.
import contextlib


class Resource:
    def read(self):
        return "data"

    def close(self):
        return None


class Spare:
    def read(self):
        return ""


@contextlib.contextmanager
def managed():
    res = Resource()
    try:
        yield res
    finally:
        res.close()


def use():
    with managed() as v:
        return v.read()


use()
Spare().read()
