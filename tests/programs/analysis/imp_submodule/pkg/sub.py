# Reached from main only as pkg.sub (an attribute set on pkg by the import).
def compute(x):
    return x + 1


STEP = 1
