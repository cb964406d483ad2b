SIDES = 4


def square(n):
    return n * n


def circle(r):
    return 3 * r * r


def hexagon(n):
    return 6 * n
