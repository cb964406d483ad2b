# A function defined in the package's __init__, imported with `from .. import`.
def version():
    return 1


RELEASE = "1.0"
