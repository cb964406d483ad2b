# for with break and else: the else clause runs when the iterator is exhausted, a break skips it.
def hit(v):
    return v


def miss_one(v):
    return v


def none_found(wanted):
    return wanted


def finish(wanted):
    return wanted


def find(values, wanted):
    for v in values:
        if v == wanted:
            hit(v)
            break
        miss_one(v)
    else:
        none_found(wanted)
    finish(wanted)
    return wanted


find([1, 2, 3], 2)
find([1, 2, 3], 9)
