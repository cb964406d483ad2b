# A name defined in both branches of an if: both definitions may be called.
import sys


def fallback():
    return "fallback"


if sys.maxsize > 2**32:
    def pick():
        return "64-bit"
else:
    def pick():
        return fallback()


def run():
    return pick()


run()
