"""Two closures from one maker, each called once: insensitive merges the maker's two
activations (one cell) and the closure's two (one parameter, one return)."""


def keep(callback):
    def call(value):
        return callback(value)

    return call


def first(value):
    return value


def second(value):
    return value


def run():
    a = keep(first)
    b = keep(second)
    x = a(1)
    y = b(2)
    return x, y


run()
