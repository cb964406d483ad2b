# Only module bodies are roots: a function nobody calls contributes no edges,
# and a function only called from it is not reached either.
def used():
    return "used"


def orphan():
    return lonely()


def lonely():
    return used()


used()
