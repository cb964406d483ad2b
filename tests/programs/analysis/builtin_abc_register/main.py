# `@abc.Mapping.register` (ABCMeta.register) returns the class it registers, so the
# decorated name is still the class.
from collections import abc


@abc.Mapping.register
class Table:
    def lookup(self):
        return "row"


class Plain:
    def lookup(self):
        return "plain"


def make():
    cls = Table
    return cls()


make().lookup()
abc.Sequence.register(Plain)
