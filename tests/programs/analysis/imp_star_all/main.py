# With __all__, a star import brings exactly the names listed there.
from api import *


def fallback():
    return "main"


def run():
    return public()


run()
