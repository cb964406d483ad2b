# A module's __getattr__ (PEP 562) runs for the names it lacks: `lazy.load_parser` and `from lazy import Engine`.
import lazy
from lazy import Engine


def use():
    p = lazy.load_parser()
    return p.parse("a b")


def use_present():
    return lazy.present()


def build():
    e = Engine()
    return e.parse("c")


use()
use_present()
build()
