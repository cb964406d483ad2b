# A function returning one of two functions; the result is called.
def fast():
    return 1


def slow():
    return 2


def never():
    return 3


def choose(quick):
    if quick:
        return fast
    return slow


def run():
    picked = choose(True)
    return picked() + choose(False)()


run()
