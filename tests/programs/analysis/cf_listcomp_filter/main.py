# A list comprehension with an `if` filter: the element's call runs only when the filter's call is true.
def keep(value):
    return value % 2 == 0


def convert(value):
    return value * 10


def setup():
    return None


def select(values):
    setup()
    picked = [
        convert(value)
        for value in values
        if keep(value)
    ]
    return picked


select([1, 2, 3, 4])
select([])
