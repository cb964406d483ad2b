# Return edges go from a callee's return line to its caller's call line, one level at a time: make's return reaches the call in middle, not the one in use.
class Token:
    pass


def make():
    return Token()


def middle():
    t = make()
    return t


def use():
    got = middle()
    return got


result = use()
