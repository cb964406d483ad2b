# Code under `if TYPE_CHECKING:` never runs: only type checkers read it.
import typing
from typing import TYPE_CHECKING


class Plain:
    if TYPE_CHECKING:
        # Declared for type checkers: at run time Plain is no descriptor.
        def __get__(self, instance, owner):
            return "typed"

    def value(self):
        return 1


class Holder:
    plain = Plain()


if TYPE_CHECKING:
    def make():
        return "typed"
else:
    def make():
        return Plain()


if not typing.TYPE_CHECKING:
    made = make()

if TYPE_CHECKING or made:
    checked = Holder()

found = Holder().plain
number = found.value()
