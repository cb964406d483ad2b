# A module-level name stored twice in the body, read by a function and by the body; another function has a local of the same name.
counter = 0
other = 1


def read():
    return counter


def shadow():
    counter = 9
    return counter


counter = 5
first = read()
second = counter + other
third = shadow()
