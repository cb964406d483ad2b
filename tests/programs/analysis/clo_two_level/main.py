# inner reads a variable of outer, two scopes up, through middle.
def compute():
    return 42


def other():
    return 0


def outer():
    op = compute

    def middle():
        def inner():
            return op()
        return inner()

    return middle()


outer()
