"""A library whose stub exists for type checkers only: outside code cannot call it."""
from typing import TYPE_CHECKING

if TYPE_CHECKING:

    def stub(x):
        return helper(x)


def helper(x):
    return x


def run():
    return helper(1)
