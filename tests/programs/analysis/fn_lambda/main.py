# Lambdas at module level, numbered in source order: <lambda1>, <lambda2>.
def helper():
    return 1


def other():
    return 2


first = lambda: helper()
second = lambda x: x + other()
first()
second(1)
