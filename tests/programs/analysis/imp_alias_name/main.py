# `from a import f as g` binds g to a.f, leaving a local f alone.
from store import save as persist
from store import load


def save():
    return "local save"


def run():
    persist("a")
    return load("a")


run()
