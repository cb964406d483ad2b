# Relative imports inside a package (`from . import m`, `from .m import f as g`).
from app import service


def run():
    return service.handle("req")


run()
