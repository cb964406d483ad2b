# With __all__, a star import brings exactly the names listed there (private
# ones too); an __all__ that changes after it is bound is not read.
def hidden():
    return "main"


from api import *
from tools import *
from grown import *


def fallback():
    return "main"


def run():
    return public() + _listed() + tool() + hidden() + late()


run()
