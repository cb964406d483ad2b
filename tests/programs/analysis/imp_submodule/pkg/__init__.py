def compute(x):
    return -x
