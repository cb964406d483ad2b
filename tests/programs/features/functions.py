import functools

__all__ = ["apply", "counter"]

LIMIT = 10


def apply(fn, *args, scale=2, **options):
    return fn(*args, **options) * scale


def defaults(a, b=1, /, c=2, *, d, e=5):
    return a + b + c + d + e


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return func(*args, **kwargs)

    return wrapper


@logged
def greet(name, punctuation="!"):
    return f"hello {name}{punctuation}"


def counter():
    count = 0

    def bump(step=1):
        nonlocal count
        count += step
        return count

    return bump


def use_global():
    global LIMIT
    LIMIT = LIMIT + 1
    square = lambda v: v * v
    return apply(square, 3, scale=1), greet(name="x"), defaults(1, d=4)
