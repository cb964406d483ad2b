# A while loop with a counter: the body runs on the test's true outcome, the code after on its false one.
def step(i):
    return i * 2


def report(total):
    return total


def count(limit):
    total = 0
    i = 0
    while i < limit:
        total += step(i)
        i += 1
    total = report(total)
    return total


count(3)
count(0)
