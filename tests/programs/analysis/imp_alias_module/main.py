# `import a as b` binds only b; a second aliased import rebinds a name.
import mathlib as m
import textlib as mathlib


def run():
    return m.add(1, 2), mathlib.shout("x")


run()
