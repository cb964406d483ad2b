# Starred assignment: the first element alone, the rest in a new list.
def head():
    return "head"


def middle():
    return "middle"


def tail():
    return "tail"


def run():
    first, *rest = [head, middle, tail]
    first()
    for fn in rest:
        fn()
    *init, last = (head, tail)
    return last()


run()
