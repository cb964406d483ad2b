# `yield from` an inner generator: the delegating frame suspends and resumes at the yield from.
def inner(limit):
    for index in range(limit):
        yield index
    return limit


def before():
    return None


def after(value):
    return value


def outer(limit):
    before()
    result = yield from inner(limit)
    after(result)
    return result


def drive():
    return list(outer(3))


drive()
