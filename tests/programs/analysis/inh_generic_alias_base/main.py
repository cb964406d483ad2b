# `Box[int]` is a generic alias of `Box`: as a base its `__mro_entries__` give `Box`, so
# `IntBox` inherits `__init__` and `get`; called, it makes a `Box`.
from typing import Generic, TypeVar

T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, item):
        self.item = item

    def get(self):
        return self.item


class IntBox(Box[int]):
    def double(self):
        return self.get() * 2


class A:
    def m(self):
        return 1


def run():
    IntBox(2).double()
    Box[A](A()).get().m()


run()
