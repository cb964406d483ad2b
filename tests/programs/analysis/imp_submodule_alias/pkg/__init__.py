# An __init__ that imports none of its submodules: pkg.fast and pkg.slow are
# loaded only by main's imports.
KIND = "speeds"


def default():
    return "fast"
