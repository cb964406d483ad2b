# A function reads a global by name when it runs, so a definition placed
# after it (and a later rebinding at module level) is what it calls.
def run():
    return step()


def step():
    return "first"


run()


def step():
    return "second"


run()
