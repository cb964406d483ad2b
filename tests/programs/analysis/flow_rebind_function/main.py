# A local function variable: f = first, then f = second, then f().
def first():
    return 1


def second():
    return 2


def use():
    f = first
    f = second
    return f()


use()
