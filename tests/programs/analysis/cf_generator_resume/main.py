# A generator with two yields in a loop, driven by a for loop and next(): each yield resumes after itself.
def first(value):
    return value


def second(value):
    return value + 1


def tick():
    return None


def pairs(limit):
    index = 0
    while index < limit:
        yield first(index)
        tick()
        yield second(index)
        index += 1


def drive():
    got = []
    for item in pairs(2):
        got.append(item)
    gen = pairs(1)
    got.append(next(gen))
    got.append(next(gen))
    return got


drive()
