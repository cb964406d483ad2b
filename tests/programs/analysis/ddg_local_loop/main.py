# Stores in a while body reach the loop test and the next iteration; a for target reaches its body.
def count(n):
    total = 0
    i = 0
    t = -1
    while i < n:
        t = i * 2
        total = total + t
        i = i + 1
    return total + t


def last_of(items):
    last = None
    for item in items:
        last = item
    return last


count(3)
last_of([1, 2])
