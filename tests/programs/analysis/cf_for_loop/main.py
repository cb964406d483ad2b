# A for loop over a list: FOR_ITER's false outcome (an item) enters the body, its true outcome (exhausted) leaves.
def weigh(v):
    return v * 3


def finish(acc):
    return acc


def total(values):
    acc = 0
    for v in values:
        acc += weigh(v)
    acc = finish(acc)
    return acc


total([1, 2, 3])
total([])
