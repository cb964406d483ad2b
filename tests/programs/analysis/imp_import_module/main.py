# importlib.import_module with a constant name (absolute or relative to a package) returns that module.
import importlib


def load():
    m = importlib.import_module("pkg.mod")
    return m.func()


def load_relative():
    m = importlib.import_module(".mod", "pkg")
    return m.func()


load()
load_relative()
