# while True with no way out (defined, never called) gets a synthetic edge to the exit; one with a break does not.
def spin():
    ticks = 0
    while True:
        ticks = 1


def bump(n):
    return n + 1


def settle(n):
    return n


def poll(limit):
    n = 0
    while True:
        n = bump(n)
        if n >= limit:
            break
    settle(n)
    return n


poll(3)
