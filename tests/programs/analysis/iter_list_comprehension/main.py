# Calls inside a list comprehension belong to the enclosing function (the
# comprehension's own code object, before 3.12, is not a separate caller).
def parse(x):
    return int(x)


def unused(x):
    return x


def run(items):
    values = [parse(x) for x in items if x]
    return values


run(["1", "2"])
