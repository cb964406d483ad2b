# Two sibling closures share one cell: what one stores, the other calls.
def beep():
    return "beep"


def silent():
    return ""


def make_slot():
    target = silent

    def store(fn):
        nonlocal target
        target = fn

    def fire():
        return target()

    return store, fire


store, fire = make_slot()
fire()
store(beep)
fire()
