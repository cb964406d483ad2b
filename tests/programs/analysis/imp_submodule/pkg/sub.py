def compute(x):
    return x + 1
