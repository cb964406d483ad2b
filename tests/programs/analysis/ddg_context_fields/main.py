"""A factory stores its argument in a fresh object's field: insensitive has one object
for both calls, so each caller's load reads both stores."""


class Box:
    pass


def make(value):
    box = Box()
    box.item = value
    return box


def use_a():
    box = make("a")
    return box.item


def use_b():
    box = make("b")
    return box.item


use_a()
use_b()
