# A from-import list binds several names (functions and a constant) at once.
from shapes import square, circle, SIDES


def run():
    return square(SIDES) + circle(1)


run()
