# An argument goes on through two levels of calls: each call's line feeds its own callee's parameters, not those of the function two levels down.
def store(sink, item):
    sink.append(item)


def forward(sink, value):
    store(sink, value)


def use(x, y):
    out = []
    forward(out, x)
    store(out, y)
    return out


use(1, 2)
