# A generator expression consumed by sum() and any(): its calls belong to the enclosing function.
def weight(value):
    return value * 2


def is_big(value):
    return value > 3


def setup():
    return None


def total(values):
    setup()
    amount = sum(
        weight(value)
        for value in values
    )
    big = any(
        is_big(value)
        for value in values
        if value
    )
    return amount, big


total([1, 2, 3, 4])
total([])
