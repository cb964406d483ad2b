# step rebinds counter's n through nonlocal, read back by step and by counter; fresh has a local n of its own.
def counter():
    n = 0

    def step():
        nonlocal n
        n = n + 1
        return n

    def fresh():
        n = 100
        return n

    step()
    step()
    fresh()
    return n


counter()
