# for with continue: the rest of the body runs only on the test's false outcome; continue goes back to FOR_ITER.
def record(v):
    return v


def finish(kept):
    return kept


def keep_even(values):
    kept = []
    for v in values:
        if v % 2:
            continue
        kept.append(v)
        record(v)
    finish(kept)
    return kept


keep_even([1, 2, 3, 4])
