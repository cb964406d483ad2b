# nonlocal rebinding with a function value: the enclosing function's later
# call sees the function the inner one stored.
def first():
    return 1


def second():
    return 2


def manager():
    current = first

    def switch():
        nonlocal current
        current = second

    before = current()
    switch()
    return before + current()


manager()
